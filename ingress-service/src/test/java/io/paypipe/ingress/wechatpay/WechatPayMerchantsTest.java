package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.MERCHANTS;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import java.util.List;
import org.junit.jupiter.api.Test;

class WechatPayMerchantsTest {

    @Test
    void eachPlatformKeyIdSelectsItsMerchant() {
        assertThat(MERCHANTS.bySerial(SHOP_A.keyId()))
            .hasValueSatisfying(m -> assertThat(m.merchantId()).isEqualTo("1900000100"));
        assertThat(MERCHANTS.bySerial(SHOP_B.keyId()))
            .hasValueSatisfying(m -> assertThat(m.merchantId()).isEqualTo("1900000200"));
        assertThat(MERCHANTS.bySerial("PUB_KEY_ID_NOBODY")).isEmpty();
    }

    @Test
    void otherChannelsAreIgnored() {
        var alipay = new Merchant("shop", Channel.ALIPAY, "2021000000000000", null, null,
                new Merchant.AlipayCredentials("2021000000000000", "2088000000000000", null, "MIIB"), null);

        assertThat(WechatPayMerchants.of(List.of(alipay, SHOP_A.toMerchant())).all()).hasSize(1);
    }

    @Test
    void aKeyIdSharedByTwoMerchantsStopsTheStart() {
        var impostor = new TestMerchant("shop-x", "1900000999", List.of(), SHOP_B.apiV3Key(), SHOP_A.keyId(),
                SHOP_B.platformKeys());

        assertThatThrownBy(() -> WechatPayMerchants.of(List.of(SHOP_A.toMerchant(), impostor.toMerchant())))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining(SHOP_A.keyId());
    }

    @Test
    void anApiV3KeyOfTheWrongLengthStopsTheStartWithoutPrintingIt() {
        var broken = new TestMerchant("shop-x", "1900000999", List.of(), "too-short-secret", "PUB_KEY_ID_X",
                SHOP_B.platformKeys());

        assertThatThrownBy(() -> WechatPayMerchants.of(List.of(broken.toMerchant())))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("32 bytes")
            .message()
            .doesNotContain("too-short-secret");
    }

}
