-- "Did this help?" (issue 50; docs/decisions/0078-did-this-help.md): when set, the session that
-- reviews the action (the next of the series) asks participants a rating question about it, keyed
-- `helped-<action id without dashes>`. The question lives in that session's form, as any question.
ALTER TABLE action_items ADD COLUMN asks_if_helped boolean NOT NULL DEFAULT false;
