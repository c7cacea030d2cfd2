/// The web app's files (`Web/`: plain HTML, CSS and JavaScript modules, no build step), embedded
/// in the binary, by URL path: "/app.js", "/icons/groceries.svg", "/index.html".
///
/// The list is written at build time from the folder itself (Plugins/EmbeddedFileList): a file added
/// to `Web/` is served after the next build with no other change. SwiftPM embeds the folder
/// flattened, so two files may not share a name, even in different folders; the build says so.
public enum WebFiles {
  /// Every file, keyed by its URL path.
  public static let all: [String: WebFile] = {
    var files: [String: WebFile] = [:]
    for (path, bytes) in embedded {
      precondition(files[path] == nil, "a web file is embedded twice")
      files[path] = WebFile(path: path, bytes: bytes)
    }
    return files
  }()

  /// Every file's URL path, sorted.
  public static var paths: [String] { embedded.map(\.path) }
}
