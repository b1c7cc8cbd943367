import CommandLineSupport

AXSwitch.main()
