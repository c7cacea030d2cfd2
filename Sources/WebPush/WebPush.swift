/// Web Push for reminders that reach a closed phone: VAPID (RFC 8292), message encryption
/// (RFC 8291, `aes128gcm` of RFC 8188) and delivery to a push service (RFC 8030).
///
/// The only importer of COpenSSL. It knows nothing of checklists: the server gives it a
/// subscription and a payload.
public enum WebPush {}
