print("checklists")
