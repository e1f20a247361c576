#!/bin/sh
# Patroni runs this once, on the node that initialises the cluster, with a superuser connection
# string: Debrief's role and database (Debrief migrates the schema itself when it starts).
set -eu
psql "$1" -v ON_ERROR_STOP=1 -v password="$DEBRIEF_DB_PASSWORD" <<'SQL'
CREATE ROLE debrief LOGIN PASSWORD :'password';
CREATE DATABASE debrief OWNER debrief;
SQL
