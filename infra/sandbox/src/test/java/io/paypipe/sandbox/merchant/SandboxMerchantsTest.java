package io.paypipe.sandbox.merchant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.sandbox.SandboxFixtures;
import io.paypipe.sandbox.alipay.AlipayCrypto;
import io.paypipe.sandbox.alipay.AlipayMerchant;
import io.paypipe.sandbox.alipay.AlipayTrade;
import io.paypipe.sandbox.wechatpay.PaymentSpec;
import io.paypipe.sandbox.wechatpay.WechatPayCrypto;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.interfaces.RSAPublicKey;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class SandboxMerchantsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path dir;

    @Test
    void merchantsFileReadsBackAndItsPemVerifiesTheSigningKey() {
        // Given the sandbox's merchants, written as the merchants file
        SandboxMerchants merchants = SandboxFixtures.merchants();
        Path file = merchants.writeMerchantsFile(dir.resolve("conf/merchants.yaml"));

        // When a service reads it
        MerchantsFile read = MerchantsFile.read(file);

        // Then it holds every merchant with its public credentials
        assertThat(read.merchants()).extracting(Merchant::merchantId)
            .containsExactly("1900000100", "1230000109", "2021000100000000", "2021000200000000");
        Merchant direct = read.merchants().getFirst();
        assertThat(direct.tenant()).isEqualTo(SandboxFixtures.TENANT);
        assertThat(direct.channel()).isEqualTo(Channel.WECHATPAY);
        assertThat(direct.subMerchantIds()).isEmpty();
        assertThat(direct.wechatpay().apiV3Key()).matches("[A-Za-z0-9]{32}");
        assertThat(read.merchants().get(1).subMerchantIds()).containsExactly("1900009100", "1900009101");

        // And the PEM is an RSA-2048 public key that verifies what the sandbox signs
        // under that id
        WechatPaySandboxMerchant signer = merchants.wechatPay("1900000100");
        Merchant.PlatformKey key = direct.wechatpay().platformKeys().getFirst();
        assertThat(key.id()).isEqualTo(signer.wechatPayKeys().publicKeyId()).matches("PUB_KEY_ID_\\d{32}");
        assertThat(key.publicKeyPem()).startsWith("-----BEGIN PUBLIC KEY-----\n");
        RSAPublicKey publicKey = WechatPayCrypto.parsePublicKeyPem(key.publicKeyPem());
        assertThat(publicKey.getModulus().bitLength()).isEqualTo(2048);
        byte[] message = "1749350096\nNONCE\n{}\n".getBytes(StandardCharsets.UTF_8);
        assertThat(WechatPayCrypto.verify(publicKey, message, signer.wechatPayKeys().sign(message))).isTrue();
    }

    @Test
    void merchantsFileListsTheAppIdsAndSellersTheNotificationsCarry() {
        // Given the merchants file the sandbox writes
        SandboxMerchants merchants = SandboxFixtures.merchants();
        MerchantsFile file = MerchantsFile.read(merchants.writeMerchantsFile(dir.resolve("merchants.yaml")));
        Merchant direct = entry(file, "1900000100");
        Merchant provider = entry(file, "1230000109");
        Merchant alipayDirect = entry(file, "2021000100000000");
        Merchant isv = entry(file, "2021000200000000");

        // When it builds a direct payment, a sub-merchant's payment and Alipay
        // notifications of both kinds
        var wechat = SandboxFixtures.notifications();
        JsonNode directTx = JSON
            .readTree(wechat.transactionJson(PaymentSpec.success(merchants.wechatPay("1900000100"), "O-1", 100)));
        JsonNode subTx = JSON.readTree(wechat
            .transactionJson(PaymentSpec.success(merchants.wechatPay("1230000109"), "1900009101", "O-2", 100)));
        var alipay = SandboxFixtures.alipayNotifications();
        var ownApp = alipay
            .tradeStatusSync(AlipayTrade.paid(SandboxFixtures.alipayDirect(), "O-3", alipay.newTradeNo(), 100));
        var forAuthApp = alipay.tradeStatusSync(AlipayTrade.paid(SandboxFixtures.alipayServiceProvider(),
                "2021000300000001", "O-4", alipay.newTradeNo(), 100));

        // Then the ids they carry are the ones the file lists for their merchant, and
        // nobody else's
        assertThat(direct.wechatpay().appIds()).containsExactly(directTx.path("appid").asString());
        assertThat(direct.wechatpay().subAppIds()).isEmpty();
        assertThat(provider.wechatpay().appIds()).containsExactly(subTx.path("sp_appid").asString());
        assertThat(provider.wechatpay().subAppIds().get("1900009101"))
            .containsExactly(subTx.path("sub_appid").asString());
        assertThat(provider.wechatpay().subAppIds().get("1900009100"))
            .doesNotContain(subTx.path("sub_appid").asString());
        assertThat(alipayDirect.alipay().sellerId()).isEqualTo(ownApp.param("seller_id"));
        assertThat(isv.alipay().authAppSellerIds().get("2021000300000001")).isEqualTo(forAuthApp.param("seller_id"));
        assertThat(isv.alipay().authAppSellerIds().get("2021000300000000")).isNotEqualTo(forAuthApp.param("seller_id"));
    }

    private static Merchant entry(MerchantsFile file, String merchantId) {
        return file.merchants().stream().filter(m -> m.merchantId().equals(merchantId)).findFirst().orElseThrow();
    }

    @Test
    void merchantsFileHoldsNoPrivateKeyButEachWechatMerchantsOwnApiKey() throws Exception {
        // Given the sandbox's merchants, written as the merchants file
        SandboxMerchants merchants = SandboxFixtures.merchants();
        Path file = merchants.writeMerchantsFile(dir.resolve("merchants.yaml"));
        MerchantsFile read = MerchantsFile.read(file);

        // Then each WeChat merchant finds its own API key, which signs its calls
        for (WechatPaySandboxMerchant m : merchants.wechatPay()) {
            Merchant.WechatPayCredentials c = entry(read, m.merchantId()).wechatpay();
            assertThat(c.merchantSerialNo()).isEqualTo(m.wechatPayKeys().merchantApiKey().serialNo());
            assertThat(c.merchantPrivateKeyPem()).isEqualTo(m.wechatPayKeys().merchantApiKey().privateKeyPem());
        }
        // and without those, no private key is left: none of the channels' own
        List<Merchant> withoutOwnKeys = read.merchants()
            .stream()
            .map(m -> m.wechatpay() == null ? m
                    : new Merchant(m.tenant(), m.channel(), m.merchantId(), m.subMerchantIds(),
                            new Merchant.WechatPayCredentials(m.wechatpay().apiV3Key(), m.wechatpay().appIds(),
                                    m.wechatpay().subAppIds(), m.wechatpay().platformKeys()),
                            m.alipay(), m.stripe()))
            .toList();
        assertThat(Files.readString(file)).contains("PRIVATE");
        assertThat(new MerchantsFile(withoutOwnKeys).toYaml()).doesNotContain("PRIVATE");
    }

    @Test
    void generatedDirectMerchantsAreNumberedFrom1900000100() {
        // Given / When
        SandboxMerchants merchants = SandboxMerchants.generate(new MerchantCounts("demo-shop", 2, 0, false, 0, 0, 0));

        // Then
        assertThat(merchants.wechatPay()).extracting(WechatPaySandboxMerchant::merchantId)
            .containsExactly("1900000100", "1900000101");
        assertThat(merchants.wechatPay()).extracting(m -> m.wechatPayKeys().publicKeyId()).doesNotHaveDuplicates();
        assertThat(merchants.wechatPay()).allSatisfy(m -> assertThat(m.tenant()).isEqualTo("demo-shop"));
    }

    @Test
    void generatedAlipayAppsAreNumberedFrom2021000100000000WithTheirIsv() {
        // Given / When
        SandboxMerchants merchants = SandboxMerchants.generate(new MerchantCounts("demo-shop", 0, 0, false, 2, 2, 0));

        // Then two direct apps and one service provider acting for two apps, each with
        // Alipay's public key
        assertThat(merchants.alipay()).extracting(AlipayMerchant::appId)
            .containsExactly("2021000100000000", "2021000100000001", "2021000200000000");
        assertThat(merchants.alipay("2021000300000001").appId()).isEqualTo("2021000200000000");
        assertThat(merchants.merchantsFile().merchants()).allSatisfy(m -> {
            assertThat(m.channel()).isEqualTo(Channel.ALIPAY);
            assertThat(m.alipay().appId()).isEqualTo(m.merchantId());
            assertThat(AlipayCrypto.parsePublicKey(m.alipay().alipayPublicKey())).isNotNull();
        });
        assertThat(merchants.merchantsFile().merchants().get(2).subMerchantIds()).containsExactly("2021000300000000",
                "2021000300000001");
        assertThatThrownBy(() -> merchants.alipay("2021999999999999")).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void withCertificateSerialsEveryMerchantHasBothSerialForms() {
        // Given / When
        SandboxMerchants merchants = SandboxMerchants.generate(new MerchantCounts("demo-shop", 1, 2, true, 0, 0, 0));

        // Then the merchants file lists a public-key id and a 40-hex certificate serial
        // for each
        assertThat(merchants.merchantsFile().merchants()).hasSize(2)
            .allSatisfy(m -> assertThat(m.wechatpay().platformKeys()).extracting(Merchant.PlatformKey::id)
                .satisfiesExactly(id -> assertThat(id).matches("PUB_KEY_ID_\\d{32}"),
                        id -> assertThat(id).matches("[0-9A-F]{40}")));
    }

    @Test
    void subMerchantFindsItsServiceProvider() {
        SandboxMerchants merchants = SandboxFixtures.merchants();

        assertThat(merchants.wechatPay("1900009101").merchantId()).isEqualTo("1230000109");
        assertThatThrownBy(() -> merchants.wechatPay("1999999999")).isInstanceOf(NoSuchElementException.class);
    }

    @Test
    void givenCountsForEveryChannel_whenGenerated_thenEveryChannelsMerchantsAreInTheMerchantsFile() {
        // Given / When
        SandboxMerchants merchants = SandboxMerchants.generate(new MerchantCounts("demo-shop", 1, 0, false, 1, 0, 1));

        // Then one merchant of each channel, WeChat Pay first, then Alipay, then Stripe
        assertThat(merchants.merchantsFile().merchants()).extracting(Merchant::channel)
            .containsExactly(Channel.WECHATPAY, Channel.ALIPAY, Channel.STRIPE);
        assertThat(merchants.stripe().first().account()).isEqualTo("acct_1PaypipeSbx0000");
    }

    @Test
    void givenAChannelLeftOut_whenTheMerchantsAreMade_thenTheyAreRefused() {
        List<WechatPaySandboxMerchant> wechatPay = List.of(SandboxFixtures.directMerchant());
        List<AlipayMerchant> alipay = List.of(SandboxFixtures.alipayDirect());

        assertThatThrownBy(() -> new SandboxMerchants(wechatPay, alipay, null))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("Stripe merchants are missing");
        assertThatThrownBy(() -> new SandboxMerchants(wechatPay, null, List.of()))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("Alipay merchants are missing");
        assertThatThrownBy(() -> new SandboxMerchants(null, alipay, List.of()))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("WeChat Pay merchants are missing");
    }

    @Test
    void givenOneChannelsCountIsBad_whenGenerated_thenNoChannelIsBuilt() {
        // a bad Stripe count fails the whole set-up before any merchant of another
        // channel is made
        assertThatThrownBy(() -> SandboxMerchants.generate(new MerchantCounts("demo-shop", 2, 0, false, 2, 0, -1)))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("bad Stripe merchant count");
    }

}
