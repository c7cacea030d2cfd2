import ChecklistsCore
import ChecklistsMessages
import Foundation
import HTTPServer

/// `GET /api/v1/changes?since=<cursor>&limit=N`: the delta feed (``ChangeFeed``).
extension ChecklistsAPI {
  /// Answers a page of the signed-in user's delta feed.
  /// - Throws: 400 for a `since` that is not a cursor, 422 for a `limit` out of range, 410 for
  ///   a cursor older than the kept log.
  ///
  /// `since=now` answers an empty page whose `next` is the newest cursor: a client takes it
  /// before its first full loads, then follows the feed from there.
  func changes(_ request: HTTPRequest) throws -> HTTPResponse {
    let sinceText = request.queryValue("since")
    let limit = try request.queryValue("limit").map(Self.feedLimit) ?? ChangeFeed.defaultLimit
    let feed = ChangeFeed(api: self, locale: priceLocale(request))
    let page =
      if sinceText == "now" {
        try feed.now()
      } else {
        try feed.page(since: sinceText.map(Self.cursor), limit: limit)
      }
    var response = try HTTPResponse.json(page)
    response.headers["Cache-Control"] = "no-store"
    return response.varying()
  }

  private static func cursor(_ text: String) throws -> ChangeCursor {
    guard let cursor = ChangeCursor(text) else {
      throw APIError.badRequest(
        MessageText("server.api.sinceNotCursor", ["text": String(text.prefix(40))]))
    }
    return cursor
  }

  private static func feedLimit(_ text: String) throws -> Int {
    guard let limit = Int(text), (1...ChangeFeed.maximumLimit).contains(limit) else {
      throw APIError.unprocessable(
        MessageText(
          "server.api.changesLimit",
          ["maximum": String(ChangeFeed.maximumLimit), "text": String(text.prefix(40))]))
    }
    return limit
  }
}
