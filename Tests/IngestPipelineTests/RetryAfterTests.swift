import Foundation
import XCTest
@testable import IngestPipeline

/// `Retry-After` (RFC 9110 §10.2.3): seconds or an HTTP date.
final class RetryAfterTests: XCTestCase {
    func testSecondsAndDates() {
        XCTAssertEqual(HTTPDelivery.retryAfter("3"), 3)
        XCTAssertEqual(HTTPDelivery.retryAfter(" 0 "), 0)
        let now = Date(timeIntervalSince1970: 1_445_412_480)   // Wed, 21 Oct 2015 07:28:00 GMT
        XCTAssertEqual(HTTPDelivery.retryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now: now), 30)
        XCTAssertEqual(HTTPDelivery.retryAfter("Wed, 21 Oct 2015 07:27:00 GMT", now: now), 0)
        XCTAssertNil(HTTPDelivery.retryAfter("soon"))
        XCTAssertNil(HTTPDelivery.retryAfter(nil))
        XCTAssertNil(HTTPDelivery.retryAfter("-5"))
    }
}
