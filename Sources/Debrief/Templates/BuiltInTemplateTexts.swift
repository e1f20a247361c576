/// The built-in templates' texts (``BuiltInTemplates``): slug, English name, and the form as the
/// API's JSON with its Korean translation. Keys and option ids stay stable across releases: a
/// series started from a template compares its sessions by them in trends.
enum BuiltInTemplateTexts {
    static let all: [(slug: String, name: String, json: String)] = [
        ("team-health-check", "Team health check", teamHealthCheck),
        ("retrospective", "Retrospective", retrospective),
        ("one-on-one", "1:1", oneOnOne),
        ("all-hands-pulse", "All-hands pulse", allHandsPulse),
        ("workshop-feedback", "Workshop feedback", workshopFeedback),
    ]

    static let teamHealthCheck = """
        {"title": "Team health check", "anonymous": true, "privacyThreshold": 3,
         "questions": [
          {"key": "health", "kind": "grid", "prompt": "How is the team doing?", "min": 1, "max": 5,
           "minLabel": "Poorly", "maxLabel": "Very well",
           "statements": [{"key": "pace", "label": "Pace we can keep up"},
                          {"key": "clarity", "label": "Clear goals"},
                          {"key": "support", "label": "Help when we need it"},
                          {"key": "fun", "label": "Enjoying the work"}]},
          {"key": "change", "kind": "shortAnswer", "prompt": "What one change would help the team most?",
           "maxLength": 500}
         ],
         "translations": {"ko": {"title": "팀 건강 점검", "questions": {
          "health": {"prompt": "팀은 어떻게 지내고 있나요?", "minLabel": "나쁨", "maxLabel": "아주 좋음",
                     "statements": {"pace": "지속 가능한 속도", "clarity": "분명한 목표",
                                    "support": "필요할 때 받는 도움", "fun": "일의 즐거움"}},
          "change": {"prompt": "팀에 가장 도움이 될 변화 한 가지는 무엇인가요?"}}}}}
        """

    static let retrospective = """
        {"title": "Retrospective", "anonymous": true, "privacyThreshold": 3,
         "questions": [
          {"key": "overall", "kind": "rating", "prompt": "How did this period go?", "min": 1, "max": 5,
           "minLabel": "Badly", "maxLabel": "Very well", "required": true},
          {"key": "went_well", "kind": "shortAnswer", "prompt": "What went well?", "maxLength": 500},
          {"key": "to_change", "kind": "shortAnswer", "prompt": "What should we change?", "maxLength": 500},
          {"key": "focus", "kind": "choice", "prompt": "What should we focus on next?", "allowsOther": true,
           "options": [{"id": "process", "label": "How we work"}, {"id": "tools", "label": "Tools"},
                       {"id": "communication", "label": "Communication"}, {"id": "quality", "label": "Quality"}]}
         ],
         "translations": {"ko": {"title": "회고", "questions": {
          "overall": {"prompt": "이번 기간은 어땠나요?", "minLabel": "나빴음", "maxLabel": "아주 좋았음"},
          "went_well": {"prompt": "무엇이 잘 되었나요?"},
          "to_change": {"prompt": "무엇을 바꿔야 할까요?"},
          "focus": {"prompt": "다음에는 무엇에 집중해야 할까요?",
                    "options": {"process": "일하는 방식", "tools": "도구",
                                "communication": "소통", "quality": "품질"}}}}}}
        """

    static let oneOnOne = """
        {"title": "1:1", "anonymous": false, "privacyThreshold": 1,
         "questions": [
          {"key": "useful", "kind": "rating", "prompt": "How useful was this 1:1?", "min": 0, "max": 10,
           "minLabel": "Not at all", "maxLabel": "Very", "required": true},
          {"key": "workload", "kind": "choice", "prompt": "How is your workload?",
           "options": [{"id": "light", "label": "Too light"}, {"id": "right", "label": "About right"},
                       {"id": "heavy", "label": "Too heavy"}]},
          {"key": "needs", "kind": "shortAnswer", "prompt": "Is there anything you need from me?", "maxLength": 500}
         ],
         "translations": {"ko": {"title": "1:1 면담", "questions": {
          "useful": {"prompt": "이번 1:1은 얼마나 도움이 되었나요?", "minLabel": "전혀", "maxLabel": "매우"},
          "workload": {"prompt": "업무량은 어떤가요?",
                       "options": {"light": "너무 적음", "right": "적당함", "heavy": "너무 많음"}},
          "needs": {"prompt": "제가 도와드릴 일이 있나요?"}}}}}
        """

    static let allHandsPulse = """
        {"title": "All-hands pulse", "anonymous": true, "privacyThreshold": 5,
         "questions": [
          {"key": "recommend", "kind": "rating", "prompt": "How likely are you to recommend working here to a friend?",
           "min": 0, "max": 10, "minLabel": "Not likely", "maxLabel": "Very likely", "required": true},
          {"key": "direction", "kind": "rating", "prompt": "How clear is where the company is going?",
           "min": 1, "max": 5, "minLabel": "Unclear", "maxLabel": "Very clear"},
          {"key": "next_question", "kind": "shortAnswer",
           "prompt": "What should leadership answer at the next all-hands?", "maxLength": 500}
         ],
         "translations": {"ko": {"title": "전체 회의 펄스", "questions": {
          "recommend": {"prompt": "친구에게 이 회사를 추천할 가능성은 얼마나 되나요?",
                        "minLabel": "낮음", "maxLabel": "매우 높음"},
          "direction": {"prompt": "회사가 나아가는 방향이 얼마나 분명한가요?",
                        "minLabel": "불분명", "maxLabel": "매우 분명"},
          "next_question": {"prompt": "다음 전체 회의에서 경영진이 답해야 할 질문은 무엇인가요?"}}}}}
        """

    static let workshopFeedback = """
        {"title": "Workshop feedback", "anonymous": true, "privacyThreshold": 3,
         "questions": [
          {"key": "overall", "kind": "rating", "prompt": "Overall, how was the workshop?", "min": 1, "max": 5,
           "minLabel": "Poor", "maxLabel": "Excellent", "required": true},
          {"key": "pace", "kind": "choice", "prompt": "Was the pace right?",
           "options": [{"id": "slow", "label": "Too slow"}, {"id": "right", "label": "About right"},
                       {"id": "fast", "label": "Too fast"}]},
          {"key": "useful_parts", "kind": "ranking", "prompt": "Put the parts in order, most useful first",
           "options": [{"id": "talks", "label": "Talks"}, {"id": "exercises", "label": "Exercises"},
                       {"id": "discussion", "label": "Discussion"}, {"id": "materials", "label": "Materials"}]},
          {"key": "improve", "kind": "shortAnswer", "prompt": "What would you change?", "maxLength": 500}
         ],
         "translations": {"ko": {"title": "워크숍 피드백", "questions": {
          "overall": {"prompt": "워크숍은 전반적으로 어땠나요?", "minLabel": "별로", "maxLabel": "훌륭함"},
          "pace": {"prompt": "진행 속도는 적당했나요?",
                   "options": {"slow": "너무 느림", "right": "적당함", "fast": "너무 빠름"}},
          "useful_parts": {"prompt": "가장 유용했던 순서대로 정렬해 주세요",
                           "options": {"talks": "발표", "exercises": "실습",
                                       "discussion": "토론", "materials": "자료"}},
          "improve": {"prompt": "무엇을 바꾸고 싶나요?"}}}}}
        """
}
