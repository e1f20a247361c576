import CCurl
import Foundation

/// One SMTP conversation through libcurl's easy interface (docs/decisions/0041-smtp-client.md):
/// connect, STARTTLS when required, AUTH when the settings carry credentials, MAIL FROM, RCPT TO,
/// DATA. Blocking: only ``SMTPClient`` calls it, on its thread pool.
enum CurlSMTP {
    /// libcurl's global state, set up once before the first handle.
    static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    static func send(_ data: [UInt8], from: String, to: String, settings: SMTPSettings) -> SMTPResult {
        guard Self.initialized, let handle = curl_easy_init() else {
            return SMTPResult(delivered: false, replyCode: nil, reply: "libcurl could not start")
        }
        defer { curl_easy_cleanup(handle) }
        let context = TransferContext(body: data)
        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }
        let recipients: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "<\(to)>")
        defer { curl_slist_free_all(recipients) }
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { buffer in
            debrief_curl_setopt_string(handle, CURLOPT_URL, settings.url)
            debrief_curl_setopt_string(handle, CURLOPT_MAIL_FROM, "<\(from)>")
            debrief_curl_setopt_list(handle, CURLOPT_MAIL_RCPT, recipients)
            debrief_curl_setopt_long(handle, CURLOPT_UPLOAD, 1)
            debrief_curl_setopt_long(handle, CURLOPT_INFILESIZE_LARGE, Int(data.count))
            debrief_curl_setopt_read_function(handle, readCallback)
            debrief_curl_setopt_pointer(handle, CURLOPT_READDATA, unmanaged.toOpaque())
            // The server's replies reach `debugCallback`, which keeps the last one: the reason a
            // refusal is recorded with. What we send (AUTH) is never looked at.
            debrief_curl_setopt_long(handle, CURLOPT_VERBOSE, 1)
            debrief_curl_setopt_debug_function(handle, debugCallback)
            debrief_curl_setopt_pointer(handle, CURLOPT_DEBUGDATA, unmanaged.toOpaque())
            debrief_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
            debrief_curl_setopt_long(handle, CURLOPT_TIMEOUT, settings.timeoutSeconds)
            debrief_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT, min(10, settings.timeoutSeconds))
            debrief_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
            if settings.startTLS == .required {
                debrief_curl_setopt_long(handle, CURLOPT_USE_SSL, Int(CURLUSESSL_ALL.rawValue))
            }
            if let caFile = settings.caFile { debrief_curl_setopt_string(handle, CURLOPT_CAINFO, caFile) }
            if let username = settings.username { debrief_curl_setopt_string(handle, CURLOPT_USERNAME, username) }
            if let password = settings.password { debrief_curl_setopt_string(handle, CURLOPT_PASSWORD, password) }
            return curl_easy_perform(handle)
        }
        var response = 0
        debrief_curl_response_code(handle, &response)
        if code == CURLE_OK {
            return SMTPResult(delivered: true, replyCode: response > 0 ? response : context.lastReplyCode, reply: context.lastReply)
        }
        let replyCode = context.refusal?.code ?? (response >= 400 ? response : nil)
        let curlText = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let detail = curlText.isEmpty ? String(cString: curl_easy_strerror(code)) : curlText
        // A refusal names the server's words; a failure to connect names curl's.
        let reply = replyCode != nil ? [context.refusal?.text, detail].compactMap { $0 }.joined(separator: " — ") : detail
        return SMTPResult(delivered: false, replyCode: replyCode, reply: reply)
    }
}

/// What one transfer reads from and learns.
private final class TransferContext {
    let body: [UInt8]
    var offset = 0
    var lastReply: String?
    var lastReplyCode: Int?
    /// The last 4xx or 5xx reply: the reason of a refusal (curl says QUIT afterwards, whose
    /// `221 Bye` must not hide it).
    var refusal: (code: Int, text: String)?

    init(body: [UInt8]) {
        self.body = body
    }
}

private let readCallback: debrief_curl_read_callback = { buffer, size, count, context in
    guard let buffer, let context else { return 0 }
    let transfer = Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue()
    let room = size * count
    let left = transfer.body.count - transfer.offset
    let n = min(room, left)
    guard n > 0 else { return 0 }
    transfer.body.withUnsafeBufferPointer { source in
        UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + transfer.offset, byteCount: n)
    }
    transfer.offset += n
    return n
}

private let debugCallback: debrief_curl_debug_callback = { _, type, data, size, context in
    guard type == CURLINFO_HEADER_IN, let data, let context else { return 0 }
    let transfer = Unmanaged<TransferContext>.fromOpaque(context).takeUnretainedValue()
    let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    if let code = Int(line.prefix(3)) {
        transfer.lastReplyCode = code
        transfer.lastReply = String(line.prefix(300))
        if code >= 400 { transfer.refusal = (code, String(line.prefix(300))) }
    }
    return 0
}
