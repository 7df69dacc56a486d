/// A rule drawn on a page: a horizontal (`y` fixed, from `lower` to `upper` in x) or vertical
/// (`x` fixed, from `lower` to `upper` in y) line, in points, y downwards.
public struct PageRule: Sendable, Equatable, Codable {
    public var position: Double
    public var lower: Double
    public var upper: Double
    public var length: Double { upper - lower }
    public init(position: Double, lower: Double, upper: Double) { self.position = position; self.lower = lower; self.upper = upper }
}
