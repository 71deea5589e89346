package io.paypipe.ingress.alipay;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.merchant.Merchant;
import io.paypipe.ingress.callback.Check;
import io.paypipe.sandbox.alipay.AlipayMerchant;
import io.paypipe.sandbox.alipay.AlipayNotification;
import io.paypipe.sandbox.alipay.AlipayNotifications;
import io.paypipe.sandbox.alipay.AlipayTrade;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Alipay apps with real keys, and notifications built and signed by the channel sandbox
 * exactly as Alipay does. Key generation is the slow part, so the apps are made once per
 * JVM.
 */
final class AlipayFixtures {

    static final String TENANT = "ali-shop";
    static final AlipayMerchant APP_A = AlipayMerchant.direct(TENANT, "2021000100000000");
    static final AlipayMerchant APP_B = AlipayMerchant.direct(TENANT, "2021000100000001");
    static final AlipayMerchant ISV = AlipayMerchant.serviceProvider(TENANT, "2021000200000000",
            List.of("2021000300000000", "2021000300000001"));

    /** 2025-06-08T10:34:56 in Beijing. */
    static final Instant NOW = Instant.parse("2025-06-08T02:34:56Z");
    static final AlipayNotifications NOTIFICATIONS = new AlipayNotifications(Clock.systemUTC());
    static final AlipayNotifications AT_NOW = new AlipayNotifications(Clock.fixed(NOW, ZoneOffset.UTC));

    private AlipayFixtures() {
    }

    static List<Merchant> merchants() {
        return List.of(APP_A.merchant(), APP_B.merchant(), ISV.merchant());
    }

    static AlipayApps apps() {
        return AlipayApps.of(merchants());
    }

    static String newOutTradeNo() {
        return "ALI" + UUID.randomUUID().toString().replace("-", "").substring(0, 24).toUpperCase();
    }

    /** A paid trade of app A with a fresh trade_no. */
    static AlipayTrade paid(String outTradeNo, long totalFen) {
        return AlipayTrade.paid(APP_A, outTradeNo, NOTIFICATIONS.newTradeNo(), totalFen);
    }

    static AlipayNotification payment(String outTradeNo, long totalFen) {
        return NOTIFICATIONS.tradeStatusSync(paid(outTradeNo, totalFen));
    }

    static AlipayForm form(byte[] body) {
        Check<AlipayForm> form = AlipayForm.decode(body);
        assertThat(form).isInstanceOf(Check.Ok.class);
        return ((Check.Ok<AlipayForm>) form).value();
    }

    static AlipayForm form(String body) {
        return form(body.getBytes(StandardCharsets.UTF_8));
    }

    /** What the verifier hands on for {@code n}, which must verify. */
    static AlipayVerifier.Verified verified(AlipayNotification n) {
        Check<AlipayVerifier.Verified> verified = new AlipayVerifier(apps()).verify(form(n.body()));
        assertThat(verified).isInstanceOf(Check.Ok.class);
        return ((Check.Ok<AlipayVerifier.Verified>) verified).value();
    }

    static Map<String, String> params(String... keyValues) {
        java.util.LinkedHashMap<String, String> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

}
