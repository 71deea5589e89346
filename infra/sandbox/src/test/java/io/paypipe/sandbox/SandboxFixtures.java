package io.paypipe.sandbox;

import io.paypipe.sandbox.alipay.AlipayMerchant;
import io.paypipe.sandbox.alipay.AlipayNotifications;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.wechatpay.PaymentSpec;
import io.paypipe.sandbox.wechatpay.WechatPayMerchantKeys;
import io.paypipe.sandbox.wechatpay.WechatPayNotifications;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Shared test fixtures. RSA key generation is the slow part, so the merchants are made
 * once per JVM.
 */
public final class SandboxFixtures {

    public static final String TENANT = "test-shop";

    /** 2025-06-08T10:34:56+08:00. */
    public static final Instant NOW = Instant.parse("2025-06-08T02:34:56Z");

    private static final WechatPaySandboxMerchant DIRECT = WechatPaySandboxMerchant.wechatDirect(TENANT, "1900000100");

    /**
     * A merchant in the middle of WeChat's switch: a public-key id and a platform
     * certificate serial.
     */
    private static final WechatPaySandboxMerchant SWITCHING = WechatPaySandboxMerchant.wechatDirect(TENANT,
            "1900000102", WechatPayMerchantKeys.generate().withCertificateKey());

    private static final WechatPaySandboxMerchant SERVICE_PROVIDER = WechatPaySandboxMerchant
        .wechatServiceProvider(TENANT, "1230000109", List.of("1900009100", "1900009101"));

    private static final AlipayMerchant ALIPAY_DIRECT = AlipayMerchant.direct(TENANT, "2021000100000000");

    private static final AlipayMerchant ALIPAY_ISV = AlipayMerchant.serviceProvider(TENANT, "2021000200000000",
            List.of("2021000300000000", "2021000300000001"));

    private SandboxFixtures() {
    }

    public static Clock fixedClock() {
        return Clock.fixed(NOW, ZoneOffset.UTC);
    }

    public static WechatPaySandboxMerchant directMerchant() {
        return DIRECT;
    }

    public static WechatPaySandboxMerchant switchingMerchant() {
        return SWITCHING;
    }

    public static WechatPaySandboxMerchant serviceProvider() {
        return SERVICE_PROVIDER;
    }

    public static SandboxMerchants merchants() {
        return new SandboxMerchants(List.of(DIRECT, SERVICE_PROVIDER), List.of(ALIPAY_DIRECT, ALIPAY_ISV), List.of());
    }

    public static AlipayMerchant alipayDirect() {
        return ALIPAY_DIRECT;
    }

    public static AlipayMerchant alipayServiceProvider() {
        return ALIPAY_ISV;
    }

    public static AlipayNotifications alipayNotifications() {
        return new AlipayNotifications(fixedClock());
    }

    public static WechatPayNotifications notifications() {
        return new WechatPayNotifications(fixedClock());
    }

    /** A successful direct payment of 100.00 CNY for order {@code outTradeNo}. */
    public static PaymentSpec payment(String outTradeNo) {
        return PaymentSpec.success(DIRECT, outTradeNo, 10_000);
    }

}
