import Testing

@testable import GamutKit

@Suite struct FileInspectionTests {
  @Test func displayP3ProfileIsIdentifiedFromItsColorants() {
    let inspection = FileInspection(path: TestData.shared("wide-gamut/sharp/p3.png").path)
    #expect(inspection.error == nil)
    #expect(inspection.width == 8 && inspection.height == 8 && inspection.bitDepth == 8)
    #expect(inspection.colorType == "rgba" && inspection.alpha == true && inspection.interlaced == false)
    #expect(inspection.colorSpace?.source == "iCCP")
    #expect(inspection.colorSpace?.name == "Display P3")
    #expect(inspection.chunks?.present == ["iCCP", "cHRM"])
    #expect(inspection.profile?.model == .matrixTRC)
  }

  @Test func cicpWinsOverGammaAndChromaticities() {
    let inspection = FileInspection(path: TestData.shared("wide-gamut/libavif/kodim03_grayscale_cicp.png").path)
    #expect(inspection.colorSpace?.source == "cICP")
    #expect(inspection.chunks?.present.first == "cICP")
    #expect(inspection.chunks?.present.contains("gAMA") == true)
  }

  @Test func untaggedIsTreatedAsSRGB() {
    let inspection = FileInspection(path: TestData.shared("libpng/rgb-8.png").path)
    #expect(inspection.colorSpace?.source == "untagged")
    #expect(inspection.colorSpace?.name == "sRGB")
  }

  @Test func unreadableFileGivesAnErrorAndNoFields() {
    let inspection = FileInspection(path: TestData.shared("pngsuite/xcrn0g04.png").path)
    #expect(inspection.error != nil)
    #expect(inspection.width == nil && inspection.colorSpace == nil)
    let missing = FileInspection(path: "/nonexistent/file.png")
    #expect(missing.error?.contains("No such file") == true)
  }
}
