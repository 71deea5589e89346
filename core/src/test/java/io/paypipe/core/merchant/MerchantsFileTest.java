package io.paypipe.core.merchant;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant.PlatformKey;
import io.paypipe.core.merchant.Merchant.WechatPayCredentials;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MerchantsFileTest {

    @Test
    void writesAndReadsBackTheSameMerchants(@TempDir Path dir) {
        var file = new MerchantsFile(List.of(new Merchant("shop", Channel.WECHATPAY, "1900000100", List.of("1900000109"),
                new WechatPayCredentials("0123456789abcdef0123456789abcdef",
                        List.of(new PlatformKey("PUB_KEY_ID_0117000800002025045698789500001779", "-----BEGIN PUBLIC KEY-----\nAA==\n-----END PUBLIC KEY-----\n"))),
                null, null)));

        file.write(dir.resolve("merchants.yaml"));

        assertThat(MerchantsFile.read(dir.resolve("merchants.yaml"))).isEqualTo(file);
    }

    @Test
    void neverPrintsCredentials() {
        var merchant = new Merchant("shop", Channel.WECHATPAY, "1900000100", null,
                new WechatPayCredentials("SECRET-APIV3-KEY-SECRET-APIV3-KE", List.of(new PlatformKey("K1", "PEMDATA"))), null, null);

        assertThat(merchant.toString() + merchant.wechatpay()).doesNotContain("SECRET").doesNotContain("PEMDATA");
    }

    @Test
    void readsTheDocumentedFormat() {
        var yaml = """
                merchants:
                  - tenant: demo-shop
                    channel: WECHATPAY
                    merchantId: "1900000100"
                    wechatpay:
                      apiV3Key: "0123456789abcdef0123456789abcdef"
                      platformKeys:
                        - id: PUB_KEY_ID_0117000800002025045698789500001779
                          publicKeyPem: "-----BEGIN PUBLIC KEY-----"
                """;

        var merchant = MerchantsFile.parse(yaml).merchants().getFirst();

        assertThat(merchant.channel()).isEqualTo(Channel.WECHATPAY);
        assertThat(merchant.subMerchantIds()).isEmpty();
        assertThat(merchant.wechatpay().platformKeys()).extracting(PlatformKey::id)
                .containsExactly("PUB_KEY_ID_0117000800002025045698789500001779");
    }
}
