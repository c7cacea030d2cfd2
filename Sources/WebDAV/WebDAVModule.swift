/// WebDAV and CalDAV XML bodies. See SafeXMLParser.swift.
enum WebDAVModule {}
