import TypeaheadModel

/// An amount of money as a feed writes it.
struct Money: Equatable {
    var amount: Double
    /// The ISO 4217 code, upper case; nil for Shopify's bare numbers.
    var currency: String?
    /// As written, for messages.
    var text: String

    /// The largest price `build` accepts (a price is shown in cents, as a whole number).
    static let maximum = 1e12

    /// Merchant Center's `15.00 USD`: a number (a dot before the decimals, no thousands separator),
    /// white space, an active ISO 4217 code (any case).
    static func parseMerchant(_ text: String) -> Result<Money, ValueProblem> {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" })
        let code =
            parts.count == 2 && parts[1].count == 3 && parts[1].allSatisfy(\.isASCIILetter)
            ? parts[1].uppercased() : nil
        guard parts.count == 2, let code, let amount = number(parts[0]) else {
            return .failure(
                ValueProblem(
                    "\"\(text)\" is not a price like \"15.00 \(code ?? "USD")\" (a number with a dot before the decimals, a space and an ISO 4217 currency code)"
                ))
        }
        guard Currencies.isActive(code) else {
            return .failure(ValueProblem("\"\(text)\": \"\(parts[1])\" is not an active ISO 4217 currency code"))
        }
        return bounded(Money(amount: amount, currency: code, text: text))
    }

    /// Shopify's `24.99`: a number alone, in the shop's currency.
    static func parseBare(_ text: String) -> Result<Money, ValueProblem> {
        guard let amount = number(Substring(text)) else {
            return .failure(
                ValueProblem("\"\(text)\" is not a price like \"24.99\" (a number with a dot before the decimals)"))
        }
        return bounded(Money(amount: amount, currency: nil, text: text))
    }

    private static func bounded(_ money: Money) -> Result<Money, ValueProblem> {
        guard money.amount <= maximum else {
            return .failure(ValueProblem("\"\(money.text)\" is over 1000000000000, the largest price build accepts"))
        }
        return .success(money)
    }

    /// Digits, optionally a dot and more digits.
    private static func number(_ text: Substring) -> Double? {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count <= 2, pieces.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
            pieces[0].count <= 15
        else { return nil }
        return Double(text)
    }
}

/// Why a value is not what its field expects: the message, for a `ContentIssue`.
struct ValueProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Merchant Center's availability values.
enum Availability: String, CaseIterable {
    case inStock = "in_stock"
    case outOfStock = "out_of_stock"
    case preorder
    case backorder

    /// `in_stock`, or Google's older spelled-out forms (`in stock`, `out of stock`, `pre-order`,
    /// `available for order`, which Google reads as in stock); any case.
    static func parse(_ text: String) -> Result<Availability, ValueProblem> {
        if let value = Availability(rawValue: text) { return .success(value) }
        let key = text.lowercased().replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "")
        if let value = Availability(rawValue: key) { return .success(value) }
        if key == "available_for_order" { return .success(.inStock) }
        return .failure(ValueProblem("\"\(text)\" is not in_stock, out_of_stock, preorder or backorder"))
    }

    /// Which of several variants' availabilities the product shows: the best one (in stock if any
    /// variant is, then preorder, backorder, out of stock).
    var rank: Int {
        switch self {
        case .inStock: return 0
        case .preorder: return 1
        case .backorder: return 2
        case .outOfStock: return 3
        }
    }
}

/// A category path, `Home & Garden > Kitchen > Knives`: its parts, trimmed; empty parts dropped.
func categoryPath(_ text: String) -> [String] {
    text.split(separator: ">").map { String(String($0).trimmingWhitespace) }.filter { !$0.isEmpty }
}

/// `value` when at most `maximum` UTF-8 bytes long, else why not (RecordLimits' message).
func bounded(_ value: String, _ maximum: Int) -> Result<String, ValueProblem> {
    let bytes = value.utf8.count
    guard bytes <= maximum else { return .failure(ValueProblem("\(bytes) bytes long; the limit is \(maximum) bytes")) }
    return .success(value)
}

/// An http(s) URL a build accepts as a product's `image` or `url`, at most `RecordLimits.urlBytes`:
/// what `ImageReference.parse` reads as a remote image. The common case is told without it (it
/// splits the URL, which a million items feel): `http://` or `https://` in any case, a host, no
/// space or control character; anything else is left to it.
func webURL(_ value: String) -> Result<String, ValueProblem> {
    if case .failure(let problem) = bounded(value, RecordLimits.urlBytes) { return .failure(problem) }
    if isPlainWebURL(value) { return .success(value) }
    guard case .success(.remote) = ImageReference.parse(value) else {
        return .failure(ValueProblem("\"\(value)\" is not an http(s) URL"))
    }
    return .success(value)
}

private func isPlainWebURL(_ value: String) -> Bool {
    let bytes = value.utf8
    guard !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return false }
    for scheme in ["http://", "https://"] where bytes.count > scheme.utf8.count {
        let head = bytes.prefix(scheme.utf8.count).map { $0 | 0x20 }
        if head.elementsEqual(scheme.utf8), bytes.dropFirst(scheme.utf8.count).first != 0x2F { return true }
    }
    return false
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILetter: Bool { isASCII && isLetter }
}
