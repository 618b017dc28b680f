// The shared test support (Tests/GamutTestSupport: TemporaryFolder, TestData, PNGBuilder, TestPNG, BuildFixture,
// GamutProcess, the tags), visible in every file of this target without an import of its own.
@_exported public import GamutTestSupport
