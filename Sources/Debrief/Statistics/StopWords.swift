/// Words too common to say anything about a meeting, in English and Korean.
/// All entries are lowercase and NFC, like the words they are compared with.
public enum StopWords: Sendable {
    /// True when `word` (already lowercased) is a stop word.
    public static func contains(_ word: String) -> Bool {
        all.contains(word)
    }

    /// Common English function words, contractions included (the tokenizer keeps
    /// apostrophes inside words).
    static let english: Set<String> = [
        "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any",
        "are", "aren't", "as", "at", "be", "because", "been", "before", "being", "below", "between",
        "both", "but", "by", "can", "can't", "could", "couldn't", "did", "didn't", "do", "does",
        "doesn't", "doing", "don't", "down", "during", "each", "even", "few", "for", "from",
        "further", "get", "got", "had", "hadn't", "has", "hasn't", "have", "haven't", "having",
        "he", "her", "here", "hers", "herself", "him", "himself", "his", "how", "i", "i'd", "i'm",
        "i've", "if", "in", "into", "is", "isn't", "it", "it's", "its", "itself", "just", "let's",
        "me", "more", "most", "much", "my", "myself", "no", "nor", "not", "now", "of", "off", "on",
        "once", "only", "or", "other", "our", "ours", "ourselves", "out", "over", "own", "quite",
        "really", "same", "she", "should", "so", "some", "such", "than", "that", "that's", "the",
        "their", "theirs", "them", "themselves", "then", "there", "there's", "these", "they",
        "they're", "this", "those", "through", "to", "too", "under", "until", "up", "us", "very",
        "was", "wasn't", "we", "we're", "were", "weren't", "what", "when", "where", "which", "while",
        "who", "whom", "why", "will", "with", "won't", "would", "wouldn't", "you", "you're", "your",
        "yours", "yourself", "yourselves",
    ]

    /// Common Korean conjunctions, pronouns, adverbs and verb forms.
    static let korean: Set<String> = [
        "그리고", "그러나", "하지만", "그래서", "또는", "및", "이", "그", "저", "것", "수", "등", "더",
        "좀", "잘", "너무", "정말", "진짜", "있다", "없다", "하다", "되다", "같다", "있는", "없는",
        "하는", "그런", "이런", "저런", "제가", "저는", "나는", "우리", "합니다", "했습니다",
        "있습니다", "입니다", "그냥", "아주", "매우", "또", "다", "안", "못", "때", "게", "거",
    ]

    static let all: Set<String> = english.union(korean)
}
