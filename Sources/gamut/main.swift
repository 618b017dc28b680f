import GamutCLI

GamutCommand.execute()
