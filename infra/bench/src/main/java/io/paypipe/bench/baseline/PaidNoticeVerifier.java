package io.paypipe.bench.baseline;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.sun.net.httpserver.Headers;
import com.wechat.pay.java.core.cipher.AeadAesCipher;
import com.wechat.pay.java.core.cipher.RSAVerifier;
import com.wechat.pay.java.core.cipher.Verifier;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.core.notification.RequestParam;
import com.wechat.pay.java.core.util.PemUtil;
import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Verifies and decrypts a WeChat Pay v3 notification with WeChat's own SDK and reads it
 * as a {@link PaidNotice}, as the product's ingress does: the merchant is picked by
 * {@code Wechatpay-Serial}, its {@link NotificationParser} holds one {@link RSAVerifier}
 * per platform key and the AEAD cipher of its APIv3 key. Unlike the product there is no
 * replay window (the article has none), so pre-signed notifications stay valid.
 */
final class PaidNoticeVerifier {

    static final String SIGN_TYPE = "WECHATPAY2-SHA256-RSA2048";
    static final String CIPHER = "AEAD_AES_256_GCM";

    /**
     * A notification that must not be stored: answered with WeChat's fail ack and this
     * HTTP status.
     */
    static final class Refused extends Exception {

        private final int status;

        Refused(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }

        int status() {
            return status;
        }

    }

    private record Account(String merchantId, List<String> subMerchantIds, NotificationParser parser) {
    }

    private final Map<String, Account> bySerial;

    private PaidNoticeVerifier(Map<String, Account> bySerial) {
        this.bySerial = bySerial;
    }

    static PaidNoticeVerifier of(List<Merchant> merchants) {
        Map<String, Account> bySerial = new HashMap<>();
        for (Merchant merchant : merchants) {
            if (merchant.channel() != Channel.WECHATPAY || merchant.wechatpay() == null) {
                continue;
            }
            Map<String, Verifier> keys = new HashMap<>();
            for (Merchant.PlatformKey key : merchant.wechatpay().platformKeys()) {
                keys.put(key.id(), new RSAVerifier(PemUtil.loadPublicKeyFromString(key.publicKeyPem()), key.id()));
            }
            NotificationParser parser = new NotificationParser(Map.of(SIGN_TYPE, new BySerial(keys)), Map.of(CIPHER,
                    new AeadAesCipher(merchant.wechatpay().apiV3Key().getBytes(StandardCharsets.UTF_8))));
            Account account = new Account(merchant.merchantId(), merchant.subMerchantIds(), parser);
            keys.keySet().forEach(serial -> bySerial.put(serial, account));
        }
        return new PaidNoticeVerifier(Map.copyOf(bySerial));
    }

    /**
     * Verifies the signature over the raw body, decrypts {@code resource} and reads the
     * transaction.
     */
    PaidNotice verify(Headers headers, byte[] rawBody) throws Refused {
        String serial = headers.getFirst("Wechatpay-Serial");
        Account account = serial == null ? null : bySerial.get(serial);
        if (account == null) {
            throw new Refused(401, "unknown Wechatpay-Serial");
        }
        String body = new String(rawBody, StandardCharsets.UTF_8);
        String signType = headers.getFirst("Wechatpay-Signature-Type");
        RequestParam request = new RequestParam.Builder().serialNumber(serial)
            .nonce(headers.getFirst("Wechatpay-Nonce"))
            .signature(headers.getFirst("Wechatpay-Signature"))
            .timestamp(headers.getFirst("Wechatpay-Timestamp"))
            .signType(signType == null ? SIGN_TYPE : signType)
            .body(body)
            .build();
        JsonObject transaction;
        try {
            transaction = account.parser().parse(request, JsonObject.class);
        }
        catch (ValidationException e) {
            // the SDK's message quotes the signed message: never passed on
            throw new Refused(401, "signature verification failed");
        }
        catch (RuntimeException e) {
            throw new Refused(400, "cannot open the notification: " + e.getClass().getSimpleName());
        }
        return read(transaction, account, body);
    }

    private static PaidNotice read(JsonObject tx, Account account, String body) throws Refused {
        try {
            String subMchid = optional(tx, "sub_mchid");
            String mchid = subMchid != null ? optional(tx, "sp_mchid") : optional(tx, "mchid");
            if (!account.merchantId().equals(mchid)
                    || subMchid != null && !account.subMerchantIds().contains(subMchid)) {
                throw new Refused(401, "the notification names another merchant than its signing key");
            }
            JsonObject amount = tx.getAsJsonObject("amount");
            String currency = optional(amount, "currency");
            return new PaidNotice(subMchid != null ? subMchid : mchid, required(tx, "out_trade_no"),
                    required(tx, "transaction_id"), required(tx, "trade_state"), amount.get("total").getAsLong(),
                    currency == null ? "CNY" : currency, body);
        }
        catch (RuntimeException e) {
            throw new Refused(400, "malformed transaction: " + e.getClass().getSimpleName());
        }
    }

    private static String required(JsonObject object, String field) {
        String value = optional(object, field);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(field + " missing");
        }
        return value;
    }

    private static String optional(JsonObject object, String field) {
        JsonElement value = object.get(field);
        return value == null || value.isJsonNull() ? null : value.getAsString();
    }

    /**
     * One merchant's platform keys, picked by the serial WeChat names (as the product's
     * PlatformKeyVerifier).
     */
    private record BySerial(Map<String, Verifier> keys) implements Verifier {
        @Override
        public boolean verify(String serialNumber, String message, String signature) {
            Verifier key = keys.get(serialNumber);
            return key != null && key.verify(serialNumber, message, signature);
        }

        @Override
        public String getSerialNumber() {
            return keys.keySet().iterator().next();
        }
    }

}
