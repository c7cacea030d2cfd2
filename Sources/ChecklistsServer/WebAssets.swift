import Foundation

/// A file of the web app, embedded in the binary.
struct WebAsset: Sendable {
  /// The URL path the file is served at, such as "/app.js".
  let path: String
  /// The file's bytes.
  let bytes: [UInt8]
  /// The `Content-Type` to send, with "; charset=utf-8" for text.
  let contentType: String
}

/// The web app's files by URL path ("/app.js", "/icons/groceries.svg", "/index.html").
///
/// SwiftPM embeds every file of `Web/` as `PackageResources.<file name>` (folders dropped,
/// other characters as `_`), so file names are unique across folders and each one is
/// listed here once. A file added to `Web/` is served only after it is added below; the
/// service worker's offline shell (`SHELL` in `Web/sw.js`) is made from this list as the
/// server serves it (``StaticFiles``), so every file listed here is kept for offline use.
enum WebAssets {
  /// Every file, keyed by its URL path.
  static let all: [String: WebAsset] = {
    let files: [(String, [UInt8])] = [
      ("/index.html", PackageResources.index_html),
      ("/app.js", PackageResources.app_js),
      ("/api.js", PackageResources.api_js),
      ("/app/router.js", PackageResources.router_js),
      ("/app/connection.js", PackageResources.connection_js),
      ("/app/live.js", PackageResources.live_js),
      ("/app/focus.js", PackageResources.focus_js),
      ("/app/account.js", PackageResources.account_js),
      ("/app/push.js", PackageResources.push_js),
      ("/app/reminder-actions.js", PackageResources.reminder_actions_js),
      ("/app/sidebar.js", PackageResources.sidebar_js),
      ("/app/layout.css", PackageResources.layout_css),
      ("/checklists/checklist-paths.js", PackageResources.checklist_paths_js),
      ("/checklists/checklist-rows.js", PackageResources.checklist_rows_js),
      ("/checklists/checklist-menu.js", PackageResources.checklist_menu_js),
      ("/checklists/inline-add.js", PackageResources.inline_add_js),
      ("/checklists/all-lists.js", PackageResources.all_lists_js),
      ("/checklists/checklist.js", PackageResources.checklist_js),
      ("/checklists/checklist-form.js", PackageResources.checklist_form_js),
      ("/checklists/choose-icon.js", PackageResources.choose_icon_js),
      ("/checklists/checklist-item-form.js", PackageResources.checklist_item_form_js),
      ("/checklists/smart-lists.js", PackageResources.smart_lists_js),
      ("/checklists/search.js", PackageResources.search_js),
      ("/checklists/templates.js", PackageResources.templates_js),
      ("/checklists/smart.css", PackageResources.smart_css),
      ("/checklists/repeat-picker.js", PackageResources.repeat_picker_js),
      ("/conflicts.js", PackageResources.conflicts_js),
      ("/views.js", PackageResources.views_js),
      ("/shell.js", PackageResources.shell_js),
      ("/shopping/shopping.js", PackageResources.shopping_js),
      ("/shopping/shopping-routes.js", PackageResources.shopping_routes_js),
      ("/sharing.js", PackageResources.sharing_js),
      ("/invite-links.js", PackageResources.invite_links_js),
      ("/invite-links.css", PackageResources.invite_links_css),
      ("/invite/invite.html", PackageResources.invite_html),
      ("/invite/invite.js", PackageResources.invite_js),
      ("/invite/invite.css", PackageResources.invite_css),
      ("/tokens.js", PackageResources.tokens_js),
      ("/caldav-password.js", PackageResources.caldav_password_js),
      ("/caldav-password.css", PackageResources.caldav_password_css),
      ("/shopping/shopping-views.js", PackageResources.shopping_views_js),
      ("/shopping/shopping-list.js", PackageResources.shopping_list_js),
      ("/shopping/shopping-lists.js", PackageResources.shopping_lists_js),
      ("/shopping/catalogue.js", PackageResources.catalogue_js),
      ("/shopping/trips.js", PackageResources.trips_js),
      ("/shopping/trips.css", PackageResources.trips_css),
      ("/shopping/price-chart.js", PackageResources.price_chart_js),
      ("/shopping/starter.js", PackageResources.starter_js),
      ("/settings.js", PackageResources.settings_js),
      ("/shopping/catalogue-item-form.js", PackageResources.catalogue_item_form_js),
      ("/shopping/aisles.js", PackageResources.aisles_js),
      ("/shopping/shop-picker.js", PackageResources.shop_picker_js),
      ("/shopping/shop-sections.js", PackageResources.shop_sections_js),
      ("/shopping/aisles.css", PackageResources.aisles_css),
      ("/data/idb.js", PackageResources.idb_js),
      ("/data/store.js", PackageResources.store_js),
      ("/data/outbox.js", PackageResources.outbox_js),
      ("/data/ops-apply.js", PackageResources.ops_apply_js),
      ("/data/sync.js", PackageResources.sync_js),
      ("/app.css", PackageResources.app_css),
      ("/shopping.css", PackageResources.shopping_css),
      ("/checklists/items.css", PackageResources.items_css),
      ("/sw.js", PackageResources.sw_js),
      ("/manifest.webmanifest", PackageResources.manifest_webmanifest),
      ("/app-icon.svg", PackageResources.app_icon_svg),
      ("/app-icon-180.png", PackageResources.app_icon_180_png),
      ("/app-icon-192.png", PackageResources.app_icon_192_png),
      ("/app-icon-512.png", PackageResources.app_icon_512_png),
      ("/icons/no-icon.svg", PackageResources.no_icon_svg),
      ("/icons/appointments.svg", PackageResources.appointments_svg),
      ("/icons/birthdays.svg", PackageResources.birthdays_svg),
      ("/icons/chores.svg", PackageResources.chores_svg),
      ("/icons/drinks.svg", PackageResources.drinks_svg),
      ("/icons/folder.svg", PackageResources.folder_svg),
      ("/icons/groceries.svg", PackageResources.groceries_svg),
      ("/icons/inbox.svg", PackageResources.inbox_svg),
      ("/icons/photos.svg", PackageResources.photos_svg),
      ("/icons/trips.svg", PackageResources.trips_svg),
      ("/ui/ui-back.svg", PackageResources.ui_back_svg),
      ("/ui/ui-bell.svg", PackageResources.ui_bell_svg),
      ("/ui/ui-chevron.svg", PackageResources.ui_chevron_svg),
      ("/ui/ui-close.svg", PackageResources.ui_close_svg),
      ("/ui/ui-down.svg", PackageResources.ui_down_svg),
      ("/ui/ui-grip.svg", PackageResources.ui_grip_svg),
      ("/ui/ui-info.svg", PackageResources.ui_info_svg),
      ("/ui/ui-minus.svg", PackageResources.ui_minus_svg),
      ("/ui/ui-plus.svg", PackageResources.ui_plus_svg),
      ("/ui/ui-up.svg", PackageResources.ui_up_svg),
      ("/ui/ui-check.svg", PackageResources.ui_check_svg),
      ("/ui/ui-search.svg", PackageResources.ui_search_svg),
      ("/ui/ui-trash.svg", PackageResources.ui_trash_svg),
      ("/ui/ui-tab-checklists.svg", PackageResources.ui_tab_checklists_svg),
      ("/ui/ui-tab-shopping.svg", PackageResources.ui_tab_shopping_svg),
      ("/ui/ui-person.svg", PackageResources.ui_person_svg),
    ]
    var assets: [String: WebAsset] = [:]
    for (path, bytes) in files {
      precondition(assets[path] == nil, "web asset listed twice")
      assets[path] = WebAsset(path: path, bytes: bytes, contentType: contentType(forPath: path))
    }
    if let folder = ProcessInfo.processInfo.environment["CHECKLISTS_WEB_DIR"], !folder.isEmpty {
      for (path, bytes) in filesOnDisk(in: folder) {
        assets[path] = WebAsset(path: path, bytes: bytes, contentType: contentType(forPath: path))
      }
    }
    return assets
  }()

  /// For working on the web app without rebuilding: with `CHECKLISTS_WEB_DIR` set to a
  /// checkout's `Sources/ChecklistsServer/Web`, the server reads every file of it at start,
  /// new ones included, in place of the embedded copies.
  private static func filesOnDisk(in folder: String) -> [(String, [UInt8])] {
    let root = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
    guard
      let walker = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey])
    else { return [] }
    var files: [(String, [UInt8])] = []
    for case let url as URL in walker {
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
        let data = FileManager.default.contents(atPath: url.path)
      else { continue }
      let relative = url.standardizedFileURL.path.dropFirst(root.path.count)
      files.append((relative.hasPrefix("/") ? String(relative) : "/" + relative, Array(data)))
    }
    return files
  }

  /// index.html: the server sends it for "/" and for every app URL (/lists/…, /shopping/…).
  static let shell: WebAsset = {
    guard let shell = all["/index.html"] else { preconditionFailure("index.html is not embedded") }
    return shell
  }()

  /// The `Content-Type` for a file, from its extension.
  /// - Parameter path: a URL path or file name.
  /// - Returns: the media type, with "; charset=utf-8" for text formats.
  static func contentType(forPath path: String) -> String {
    let name = path.split(separator: "/").last ?? Substring(path)
    let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
    switch ext {
    case "html": return "text/html; charset=utf-8"
    case "js", "mjs": return "text/javascript; charset=utf-8"
    case "css": return "text/css; charset=utf-8"
    case "svg": return "image/svg+xml; charset=utf-8"
    case "webmanifest": return "application/manifest+json; charset=utf-8"
    case "json": return "application/json; charset=utf-8"
    case "txt": return "text/plain; charset=utf-8"
    case "png": return "image/png"
    case "ico": return "image/x-icon"
    case "woff2": return "font/woff2"
    default: return "application/octet-stream"
    }
  }
}
