// The schema validator's phrases (`SchemaValidator.Words`): what a configuration value should
// be and what it is, filled into config.wrongType/outOfRange/invalidValue in both languages.
extension ErrorCode {
    public static let schemaAbsent: ErrorCode = "schema.absent"
    public static let schemaPresent: ErrorCode = "schema.present"
    public static let schemaOneOf: ErrorCode = "schema.oneOf"
    public static let schemaNumberWhere: ErrorCode = "schema.numberWhere"
    public static let schemaBoth: ErrorCode = "schema.both"
    public static let schemaEither: ErrorCode = "schema.either"
    public static let schemaMinLength: ErrorCode = "schema.minLength"
    public static let schemaMaxLength: ErrorCode = "schema.maxLength"
    public static let schemaPatternDescribed: ErrorCode = "schema.patternDescribed"
    public static let schemaPattern: ErrorCode = "schema.pattern"
    public static let schemaMinItems: ErrorCode = "schema.minItems"
    public static let schemaMaxItems: ErrorCode = "schema.maxItems"
    public static let schemaListOf: ErrorCode = "schema.listOf"
    public static let schemaHTTPURL: ErrorCode = "schema.httpURL"
    public static let schemaOCRLanguages: ErrorCode = "schema.ocrLanguages"
    public static let schemaAtLeastKey: ErrorCode = "schema.atLeastKey"
    public static let schemaAtMostKey: ErrorCode = "schema.atMostKey"
    public static let schemaValidConfiguration: ErrorCode = "schema.validConfiguration"
    /// A JSON type as a person names it: `schema.type.<integer|number|string|boolean|array|object>`.
    public static func schemaType(_ name: String) -> ErrorCode { ErrorCode("schema.type.\(name)") }
}

extension MessageCatalog {
    static let schemaMessages: [ErrorCode: MessageEntry] = [
        .schemaAbsent: .init(fr: "absent", en: "absent"),
        .schemaPresent: .init(fr: "présent", en: "present"),
        .schemaOneOf: .init(fr: "l'une des valeurs {values}", en: "one of {values}"),
        .schemaNumberWhere: .init(fr: "un nombre {bounds}", en: "a number {bounds}"),
        .schemaBoth: .init(fr: "{first} et {second}", en: "{first} and {second}"),
        .schemaEither: .init(fr: "{first} ou {second}", en: "{first} or {second}"),
        .schemaMinLength: .init(fr: "une chaîne d'au moins {count} caractères", en: "a string of at least {count} characters"),
        .schemaMaxLength: .init(fr: "une chaîne d'au plus {count} caractères", en: "a string of at most {count} characters"),
        .schemaPatternDescribed: .init(fr: "{description} (motif {pattern})", en: "{description} (pattern {pattern})"),
        .schemaPattern: .init(fr: "une chaîne de la forme {pattern}", en: "a string matching {pattern}"),
        .schemaMinItems: .init(fr: "au moins {count} éléments", en: "at least {count} items"),
        .schemaMaxItems: .init(fr: "au plus {count} éléments", en: "at most {count} items"),
        .schemaListOf: .init(fr: "une liste de {count}", en: "a list of {count}"),
        .schemaHTTPURL: .init(fr: "une URL http(s)", en: "an http(s) URL"),
        .schemaOCRLanguages: .init(fr: "des langues comme fra+eng", en: "languages such as fra+eng"),
        .schemaAtLeastKey: .init(fr: "un nombre ≥ {key} ({value})", en: "a number ≥ {key} ({value})"),
        .schemaAtMostKey: .init(fr: "un nombre ≤ {key} ({value})", en: "a number ≤ {key} ({value})"),
        .schemaValidConfiguration: .init(fr: "une configuration valide", en: "a valid configuration"),
        .schemaType("integer"): .init(fr: "un nombre entier", en: "a whole number"),
        .schemaType("number"): .init(fr: "un nombre", en: "a number"),
        .schemaType("string"): .init(fr: "une chaîne", en: "a string"),
        .schemaType("boolean"): .init(fr: "true ou false", en: "true or false"),
        .schemaType("array"): .init(fr: "une liste", en: "a list"),
        .schemaType("object"): .init(fr: "un objet", en: "an object"),
    ]
}
