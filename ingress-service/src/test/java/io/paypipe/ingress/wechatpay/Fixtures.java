package io.paypipe.ingress.wechatpay;

import com.google.gson.JsonParser;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** Merchants (keys generated once per JVM), a fixed clock and unique order numbers. */
final class Fixtures {

    static final Instant NOW = Instant.parse("2026-11-30T02:34:56Z");
    static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    /**
     * Both serial forms: a public-key id and a platform certificate serial, each with its
     * own key.
     */
    static final TestMerchant SHOP_A = TestMerchant
        .direct("shop-a", "1900000100", "PUB_KEY_ID_0117000800002025045698789500001779")
        .withCertificateKey("7A2C0F43E1D9B86A5E0C3D21F4B7A9C8D6E5F102");
    static final TestMerchant SHOP_B = TestMerchant.direct("shop-b", "1900000200",
            "5157F09EFDC096DE15EBE81A47057A7232F1B8E1");
    static final TestMerchant PROVIDER = TestMerchant.partner("mall", "1900000300", List.of("1900000301", "1900000302"),
            "PUB_KEY_ID_0117000800002025045698789500003000");
    static final TestMerchant OTHER_PROVIDER = TestMerchant.partner("plaza", "1900000400", List.of("1900000401"),
            "PUB_KEY_ID_0117000800002025045698789500004000");

    /**
     * A merchant of the channel sandbox: notifications signed and encrypted by the
     * sandbox, as WeChat would.
     */
    static final WechatPaySandboxMerchant SANDBOX_SHOP = WechatPaySandboxMerchant.wechatDirect("sbx-shop",
            "1900000500");

    static final WechatPayMerchants MERCHANTS = WechatPayMerchants
        .of(List.of(SHOP_A.toMerchant(), SHOP_B.toMerchant(), PROVIDER.toMerchant(), OTHER_PROVIDER.toMerchant()));

    private static final AtomicLong SEQUENCE = new AtomicLong(System.currentTimeMillis() % 1_000_000_000L * 1000);

    private Fixtures() {
    }

    static String newOutTradeNo() {
        return "OT" + SEQUENCE.incrementAndGet();
    }

    static String newTransactionId() {
        return "4200" + SEQUENCE.incrementAndGet();
    }

    static String newRefundNo() {
        return "RF" + SEQUENCE.incrementAndGet();
    }

    static WechatPayMerchant merchant(TestMerchant m) {
        return MERCHANTS.bySerial(m.keyId()).orElseThrow();
    }

    /**
     * What the opener would hand the classifiers for this plaintext, verified by
     * {@code signer}'s key.
     */
    static OpenedNotification opened(TestMerchant signer, String eventType, String plaintext) {
        return opened(merchant(signer), eventType, plaintext);
    }

    /**
     * The same, verified by a merchant as ingress knows it (e.g. with sub-merchant
     * tenants).
     */
    static OpenedNotification opened(WechatPayMerchant signer, String eventType, String plaintext) {
        Envelope.Kind kind = eventType.startsWith("REFUND.") ? Envelope.Kind.REFUND : Envelope.Kind.PAYMENT;
        String originalType = kind == Envelope.Kind.REFUND ? "refund" : "transaction";
        return new OpenedNotification(signer, new Envelope("EV-2018022511223320873", eventType, originalType, kind),
                new ResourceFields(JsonParser.parseString(plaintext).getAsJsonObject()), "{\"raw\":\"body\"}");
    }

    static OpenedNotification opened(TestMerchant signer, PaymentJson payment) {
        return opened(signer, "TRANSACTION.SUCCESS", payment.json());
    }

    static OpenedNotification opened(TestMerchant signer, RefundJson refund) {
        return opened(signer, refund.eventType(), refund.json());
    }

}
