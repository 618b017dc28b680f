import GamutCLI

GamutCommand.main()
