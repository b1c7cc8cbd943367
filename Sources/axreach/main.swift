AXReach.main()
