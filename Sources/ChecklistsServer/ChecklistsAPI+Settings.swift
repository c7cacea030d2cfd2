import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import ChecklistsStore
import Foundation
import HTTPServer

/// The user's settings, `/api/v1/settings`: the currency of their catalogue.
extension ChecklistsAPI {
  struct SettingsBody: Encodable {
    struct Choice: Encodable {
      var code: String
      var name: String
    }
    var currency: String
    var currencies: [Choice]
  }

  /// `GET /api/v1/settings`: the currency, and those one may choose, named in the request's
  /// language.
  func getSettings(_ request: HTTPRequest) throws -> HTTPResponse {
    try settingsResponse(request)
  }

  /// `PATCH /api/v1/settings {"currency": "GBP", "relabelPrices": true}`: a new currency for
  /// the catalogue. Sending the same again changes nothing more.
  func updateSettings(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RequestBody(request, schema: RequestSchemas.settingsChanges)
    let relabel = try body.bool("relabelPrices") ?? false
    if let code = try body.string("currency") {
      let currency = try UserSettings.currency(code)
      let relabels =
        try relabel
        && shopping.catalogue().contains {
          $0.price.map { $0.currency != currency } ?? false
        }
      if currency != shopping.currency || relabels {
        try shopping.changeCurrency(to: currency, relabelPrices: relabel)
        didWrite()
      }
    } else if relabel {
      throw APIError.unprocessable(
        MessageText("server.api.relabelpricesGoesNew"))
    }
    return try settingsResponse(request)
  }

  private func settingsResponse(_ request: HTTPRequest) throws -> HTTPResponse {
    let current = shopping.currency
    let choices = UserSettings.currencies(including: current, locale: priceLocale(request)).map {
      SettingsBody.Choice(code: $0.code, name: $0.name)
    }
    return try HTTPResponse.json(SettingsBody(currency: current.code, currencies: choices))
      .varying()
  }
}
