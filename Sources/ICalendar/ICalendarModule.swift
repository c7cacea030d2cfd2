/// iCalendar (RFC 5545) parsed and written by libical. See ICalendar.swift.
enum ICalendarModule {}
