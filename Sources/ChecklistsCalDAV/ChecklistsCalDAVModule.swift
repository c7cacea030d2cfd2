/// Items and shopping lines as VTODOs. See TodoMapping.swift.
enum ChecklistsCalDAVModule {}
