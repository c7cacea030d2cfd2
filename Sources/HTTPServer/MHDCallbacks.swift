import CMicroHTTPD

/// The C function pointers handed to libmicrohttpd. Each runs on one of its threads and
/// finds its Swift object through the `void *cls` it was registered with: a `ServerCore`
/// (kept alive by `HTTPServer` until `MHD_stop_daemon` returned) or an `HTTPEventStream`
/// (retained for the content reader, released by `releaseStream`).
enum MHDCallbacks {
  /// The access handler; see `ServerCore.handleAccess`.
  static let accessHandler: MHD_AccessHandlerCallback = {
    cls, connection, url, method, _, uploadData, uploadDataSize, slot in
    guard let cls, let connection, let url, let method, let uploadDataSize, let slot else {
      return .NO
    }
    return core(cls).handleAccess(
      connection: connection, url: url, method: method, uploadData: uploadData,
      uploadDataSize: uploadDataSize, slot: slot)
  }

  /// The URI callback (`MHD_OPTION_URI_LOG_CALLBACK`); see `ServerCore.requestLineArrived`.
  static let requestLine: cmhd_uri_callback = { cls, uri, _ in
    guard let cls, let uri else { return nil }
    return core(cls).requestLineArrived(uri)
  }

  /// The request-completed callback (`MHD_OPTION_NOTIFY_COMPLETED`).
  static let requestCompleted: MHD_RequestCompletedCallback = { cls, connection, slot, _ in
    guard let cls, let connection, let slot else { return }
    core(cls).requestCompleted(connection: connection, slot: slot)
  }

  /// The connection callback (`MHD_OPTION_NOTIFY_CONNECTION`).
  static let connectionNotification: MHD_NotifyConnectionCallback = {
    cls, connection, _, code in
    guard let cls, let connection else { return }
    switch code {
    case .CONNECTION_NOTIFY_STARTED: core(cls).connectionStarted(connection)
    case .CONNECTION_NOTIFY_CLOSED: core(cls).connectionClosed(connection)
    default: break
    }
  }

  /// The content reader of a streamed response.
  static let readStream: MHD_ContentReaderCallback = { cls, _, buffer, capacity in
    guard let cls, let buffer else { return cmhd_content_reader_end_with_error }
    let stream = Unmanaged<HTTPEventStream>.fromOpaque(cls).takeUnretainedValue()
    return stream.read(into: buffer, capacity: capacity)
  }

  /// Releases the content reader's reference to its stream.
  static let releaseStream: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<HTTPEventStream>.fromOpaque(cls).release()
  }

  private static func core(_ cls: UnsafeMutableRawPointer) -> ServerCore {
    Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
  }
}
