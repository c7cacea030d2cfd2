import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import Foundation
import HTTPServer

/// The trip routes, `/api/v1/trips…`: what each finished shopping trip bought at what price,
/// spending per month, the CSV export; and a catalogue item's price history.
extension ChecklistsAPI {
  struct TripsBody: Encodable { var trips: [TripJSON] }

  /// `GET /api/v1/trips?list=&before=&limit=`: a page of trips, newest first.
  func listTrips(_ request: HTTPRequest) throws -> HTTPResponse {
    let before = try request.queryValue("before").map { text in
      guard let date = ISOTimestamp.parse(text) else {
        throw APIError.unprocessable(
          MessageText("server.api.queryParameterBefore", ["text": "\(text)"]))
      }
      return date
    }
    let limit = try Self.integerQuery(request, "limit", default: 20, in: 1...100)
    let trips = try shopping.trips(list: tripListID(request), before: before, limit: limit)
    let locale = priceLocale(request)
    return try HTTPResponse.json(TripsBody(trips: trips.map { TripJSON($0, locale: locale) }))
      .varying()
  }

  /// `GET /api/v1/trips/{tripID}`.
  func getTrip(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let trip = try shopping.trip(id: id(segment, "trip"))
    return try HTTPResponse.json(TripJSON(trip, locale: priceLocale(request))).varying()
  }

  /// `GET /api/v1/trips/spending?months=12&tz=Europe/Berlin`: every month, oldest first.
  func getSpending(_ request: HTTPRequest) throws -> HTTPResponse {
    let months = try Self.integerQuery(
      request, "months", default: 12, in: 1...MonthlySpending.maximumMonths)
    let spending = try shopping.spending(
      months: months, in: SmartLists.timeZone(request), list: tripListID(request))
    return try HTTPResponse.json(MonthlySpendingJSON(spending, locale: priceLocale(request)))
      .varying()
  }

  /// `GET /api/v1/trips/export.csv`: every line of every trip, for a spreadsheet.
  func exportTrips(_ request: HTTPRequest) throws -> HTTPResponse {
    let trips = try shopping.allTrips(list: tripListID(request))
    let text = TripsCSV.text(trips, timeZone: try SmartLists.timeZone(request))
    return HTTPResponse(
      status: 200,
      headers: [
        "Content-Type": "text/csv; charset=utf-8; header=present",
        "Content-Disposition": "attachment; filename=\"trips.csv\"",
      ], body: Array(text.utf8))
  }

  /// `GET /api/v1/catalogue/{itemID}/prices`: the item and every price it has had.
  func getPriceHistory(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let (item, prices) = try shopping.priceHistory(itemID: id(segment, "catalogue item"))
    return try HTTPResponse.json(
      PriceHistoryJSON(item: item, prices: prices, locale: priceLocale(request))
    ).varying()
  }

  // MARK: - Helpers

  private func tripListID(_ request: HTTPRequest) throws -> UUID? {
    try request.queryValue("list").map { text in
      guard let id = UUID.parse(text) else {
        throw APIError.unprocessable(
          MessageText("server.api.queryParameterListMust", ["text": "\(text)"]))
      }
      return id
    }
  }

  private static func integerQuery(
    _ request: HTTPRequest, _ name: String, default value: Int, in range: ClosedRange<Int>
  ) throws -> Int {
    guard let text = request.queryValue(name) else { return value }
    guard let number = Int(text), range.contains(number) else {
      throw APIError.unprocessable(
        MessageText(
          "server.api.queryParameterMust",
          [
            "name": "\(name)", "lowerBound": "\(range.lowerBound)",
            "upperBound": "\(range.upperBound)", "text": "\(text)",
          ]))
    }
    return number
  }
}
