package io.paypipe.refund.support;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.Merchant.AlipayCredentials;
import io.paypipe.core.merchant.Merchant.PlatformKey;
import io.paypipe.core.merchant.Merchant.WechatPayCredentials;
import io.paypipe.core.merchant.MerchantsFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The merchants of the refund tests: two WeChat merchants (two merchants may use the same
 * refund number) and an Alipay app, written once per JVM to a merchants file.
 */
public final class TestMerchants {

    public static final String TENANT = "refund-shop";

    public static final MerchantId WECHAT_A = MerchantId.of("1900000701");

    public static final MerchantId WECHAT_B = MerchantId.of("1900000702");

    public static final MerchantId ALIPAY = MerchantId.of("2021000700000001");

    private static Path file;

    private TestMerchants() {
    }

    public static synchronized Path file() {
        if (file == null) {
            try {
                Path dir = Files.createTempDirectory("paypipe-refund-merchants-");
                file = dir.resolve("merchants.yaml");
                new MerchantsFile(List.of(wechat(WECHAT_A), wechat(WECHAT_B), alipay())).write(file);
                dir.toFile().deleteOnExit();
                file.toFile().deleteOnExit();
            }
            catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return file;
    }

    private static Merchant wechat(MerchantId id) {
        return new Merchant(TENANT, Channel.WECHATPAY, id.value(), List.of(),
                new WechatPayCredentials("0123456789abcdef0123456789abcdef", List.of("wxd678efh567hg6787"), null,
                        List.of(new PlatformKey("PUB_KEY_ID_0117000800002025045698789500001779",
                                "-----BEGIN PUBLIC KEY-----\nAA==\n-----END PUBLIC KEY-----\n")),
                        "5157F09EFDC096DE15EBE81A47057A7232F1B8E1", "test-only, never used by the scripted channel"),
                null, null);
    }

    private static Merchant alipay() {
        return new Merchant(TENANT, Channel.ALIPAY, ALIPAY.value(), List.of(), null,
                new AlipayCredentials(ALIPAY.value(), "2088102119685838", null, "MIIB", "test-only"), null);
    }

}
