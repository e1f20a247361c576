import Debrief

extension AnswerInput {
    /// An answer with the older kinds' members set through their accessors, as these tests write
    /// it in one expression (the domain's shape names no kind: decision 84).
    init(
        questionKey: String? = nil, optionIds: [String]? = nil, otherText: String? = nil, rating: Int? = nil, text: String? = nil,
        ratings: [String: Int]? = nil
    ) {
        self.init(questionKey: questionKey)
        self.optionIds = optionIds
        self.otherText = otherText
        self.rating = rating
        self.text = text
        self.ratings = ratings
    }
}
