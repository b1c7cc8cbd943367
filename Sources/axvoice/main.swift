import CommandLineSupport

AXVoice.main()
