import Crypto
import Foundation

/// Standard Webhooks signatures (https://www.standardwebhooks.com): the receiver checks
/// `webhook-signature` = `v1,` + base64(HMAC-SHA256(key, "{webhook-id}.{webhook-timestamp}.{body}")),
/// where the key is the bytes after `whsec_` of the secret it was shown.
public enum WebhookSignature {
    public static func sign(messageID: String, timestamp: Int, body: Data, key: [UInt8]) -> String {
        var message = Data("\(messageID).\(timestamp).".utf8)
        message.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: key))
        return "v1," + Data(mac).base64EncodedString()
    }
}
