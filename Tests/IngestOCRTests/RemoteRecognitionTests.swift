import CTesseract
import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// A page sent to a recogniser process (`RemoteRecognition`, `OCRPageService`): the image crosses
/// whole, a request that is not one is refused without a crash, and the recogniser's answer is
/// the page this process's engine reads. (The processes themselves: `OCRProcessPoolTests`.)
final class RemoteRecognitionTests: XCTestCase {
    /// An image of `depth` bits per pixel with seeded pixels.
    func randomImage(width: Int, height: Int, depth: Int, seed: UInt64) -> PageImage {
        let pix = pixCreate(Int32(width), Int32(height), Int32(depth))!
        let words = pixGetData(pix)!
        var rng = SeededGenerator(seed: seed)
        for i in 0..<(Int(pixGetWpl(pix)) * height) { words[i] = UInt32.random(in: 0...UInt32.max, using: &rng) }
        let image = PageImage(taking: pix)
        image.setResolution(150 + Int(seed % 300))
        return image
    }

    func words(_ image: PageImage) -> [UInt32] {
        Array(UnsafeBufferPointer(start: pixGetData(image.raw), count: Int(pixGetWpl(image.raw)) * image.height))
    }

    func testImagesCrossWholeAtEveryDepthAndWidth() throws {
        var rng = SeededGenerator(seed: 7)
        for round in 0..<60 {
            let depth = [1, 8, 32][round % 3]
            let width = Int.random(in: 1...97, using: &rng), height = Int.random(in: 1...41, using: &rng)
            let image = randomImage(width: width, height: height, depth: depth, seed: UInt64(round))
            let expected = words(image), resolution = image.resolution
            let deadline = Date(timeIntervalSince1970: 1_800_000_000.25)
            let parts = try XCTUnwrap(RemoteRecognition.request(page: round + 1, deadline: deadline, limitSeconds: 60,
                                                                lowConfidenceBelow: 55, image: image))
            let (header, pixels) = try XCTUnwrap(RemoteRecognition.parse(parts.reduce(Data(), +)), "round \(round)")
            XCTAssertEqual(header.page, round + 1)
            XCTAssertEqual(header.deadline, deadline.timeIntervalSince1970)
            XCTAssertEqual(header.lowConfidenceBelow, 55)
            let back = try XCTUnwrap(RemoteRecognition.image(pixels, header))
            XCTAssertEqual([back.width, back.height, back.depth, back.resolution], [width, height, depth, resolution])
            XCTAssertEqual(words(back), expected, "round \(round): \(width)×\(height)×\(depth)")
        }
    }

    /// The pixels are sent from the image's own memory, which the parts keep alive: the image
    /// lives exactly as long as they do.
    func testThePartsKeepTheImageAliveAndNoLonger() throws {
        weak var weakImage: PageImage?
        var parts: [Data]? = try {
            let image = randomImage(width: 64, height: 64, depth: 8, seed: 1)
            weakImage = image
            return try XCTUnwrap(RemoteRecognition.request(page: 1, deadline: Date(), limitSeconds: 1, lowConfidenceBelow: 60, image: image))
        }()
        XCTAssertNotNil(weakImage, "the pixels went before the request was sent")
        XCTAssertEqual(parts?.count, 2)
        parts = nil
        XCTAssertNil(weakImage, "the image outlived its request")
    }

    func testWhatIsNotARequestIsRefused() throws {
        let image = randomImage(width: 30, height: 10, depth: 8, seed: 2)
        let good = try XCTUnwrap(RemoteRecognition.request(page: 3, deadline: Date(), limitSeconds: 1, lowConfidenceBelow: 60, image: image))
            .reduce(Data(), +)
        XCTAssertNotNil(RemoteRecognition.parse(good))
        XCTAssertNil(RemoteRecognition.parse(Data()))
        XCTAssertNil(RemoteRecognition.parse(good.prefix(3)))
        XCTAssertNil(RemoteRecognition.parse(good.dropLast()), "pixels cut short")
        XCTAssertNil(RemoteRecognition.parse(good + Data([0])), "pixels too long")
        // A header whose size does not match its pixels.
        let n = Int(good[0]) | Int(good[1]) << 8
        var header = try JSONSerialization.jsonObject(with: good[4..<(4 + n)]) as! [String: Any]
        header["width"] = 40   // 10 words a row, not 8
        let json = try JSONSerialization.data(withJSONObject: header)
        let lying = Data([UInt8(json.count & 0xFF), UInt8(json.count >> 8), 0, 0]) + json + good[(4 + n)...]
        XCTAssertNil(RemoteRecognition.parse(lying))
        // Seeded garbage: refused or read, never a crash.
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<500 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if let (h, pixels) = RemoteRecognition.parse(bytes) { XCTAssertNotNil(RemoteRecognition.image(pixels, h)) }
        }
        let answer = try JSONDecoder().decode(RemoteRecognition.Answer.self, from: OCRPageService.answer(Data("garbage".utf8), languages: "eng"))
        XCTAssertEqual(answer.error?.code, .ocrEngineFailed)
        XCTAssertNil(answer.page)
    }

    /// The recogniser's answer is what this process's own engine reads on the same image.
    func testTheAnswerIsWhatAnEngineHereReads() throws {
        let text = "Les volcans rejettent de la lave\net des cendres chaudes."
        let local = try TesseractEngine(languages: "fra+eng").recognize(ImageFixtures.textPix(text, widthInches: 6, heightInches: 1.5),
                                                                       deadline: Date(timeIntervalSinceNow: 60), limitSeconds: 60, page: 4)
        let parts = try XCTUnwrap(RemoteRecognition.request(page: 4, deadline: Date(timeIntervalSinceNow: 60), limitSeconds: 60,
                                                            lowConfidenceBelow: 60,
                                                            image: ImageFixtures.textPix(text, widthInches: 6, heightInches: 1.5)))
        try OCRPageService.prepare(languages: "fra+eng")
        let answer = try JSONDecoder().decode(RemoteRecognition.Answer.self,
                                              from: OCRPageService.answer(parts.reduce(Data(), +), languages: "fra+eng"))
        XCTAssertNil(answer.error)
        // The recogniser detected the script first (a Latin page, upright): said so beside the text.
        XCTAssertEqual(answer.page?.readScript, true)
        var read = answer.page
        read?.readScript = nil
        XCTAssertEqual(read, local)
        XCTAssertTrue(local.text.contains("volcans"), local.text)
        // An upside-down page is read a second time, turned: the recogniser keeps its image for it
        // (the engine got a second handle on the same pixels, and left them as they were).
        let turned = ImageFixtures.textPix(TextPage.english, widthInches: 8.5, heightInches: 4)
        turned.rotateClockwise(quarterTurns: 2)
        let upsideDown = try XCTUnwrap(RemoteRecognition.request(page: 2, deadline: Date(timeIntervalSinceNow: 60), limitSeconds: 60,
                                                                 lowConfidenceBelow: 60, image: turned))
        let upright = try JSONDecoder().decode(RemoteRecognition.Answer.self,
                                               from: OCRPageService.answer(upsideDown.reduce(Data(), +), languages: "fra+eng"))
        XCTAssertEqual(upright.page?.quarterTurns, 2)
        let cer = characterErrorRate(upright.page?.text ?? "", TextPage.english)
        XCTAssertLessThan(cer, 0.03, "CER \(cer): \(upright.page?.text ?? "")")
        // A page whose deadline has passed is answered with the time limit, named for its page.
        let late = try XCTUnwrap(RemoteRecognition.request(page: 9, deadline: Date(timeIntervalSinceNow: -1), limitSeconds: 2.5,
                                                           lowConfidenceBelow: 60, image: ImageFixtures.textPix(text)))
        let timedOut = try JSONDecoder().decode(RemoteRecognition.Answer.self,
                                                from: OCRPageService.answer(late.reduce(Data(), +), languages: "fra+eng"))
        XCTAssertEqual(timedOut.error?.code, .ocrPageTimeLimit)
        XCTAssertEqual(timedOut.error?.page, 9)
        XCTAssertEqual(timedOut.error?.arguments["seconds"], "2.50")
    }
}
