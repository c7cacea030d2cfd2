// The driver is all in include/LibFuzzerDriver.h; SwiftPM needs one source file.
