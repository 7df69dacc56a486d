// Codes and messages of the Office domain. Declare each code as a static member of ErrorCode here,
// with its French and English message below; MessageCatalog merges this table.
extension MessageCatalog {
    static let officeMessages: [ErrorCode: MessageEntry] = [:]
}
