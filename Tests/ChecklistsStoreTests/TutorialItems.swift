// The tutorial items (``ShoppingService/addTutorialItems()``) come from the support target that
// the store, server and CLI tests share.
@_exported import ChecklistsTestSupport
