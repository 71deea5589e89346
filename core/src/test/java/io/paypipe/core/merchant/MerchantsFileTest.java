package io.paypipe.core.merchant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant.AlipayCredentials;
import io.paypipe.core.merchant.Merchant.PlatformKey;
import io.paypipe.core.merchant.Merchant.StripeCredentials;
import io.paypipe.core.merchant.Merchant.WechatPayCredentials;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MerchantsFileTest {

    private static final String API_V3_KEY = "0123456789abcdef0123456789abcdef";

    private static final List<PlatformKey> KEYS = List
        .of(new PlatformKey("PUB_KEY_ID_0117000800002025045698789500001779",
                "-----BEGIN PUBLIC KEY-----\nAA==\n-----END PUBLIC KEY-----\n"));

    @Test
    void writesAndReadsBackTheSameMerchants(@TempDir Path dir) {
        var file = new MerchantsFile(
                List.of(wechatDirect("shop", "1900000100"), wechatProvider(), alipayIsv(), stripe()));

        file.write(dir.resolve("merchants.yaml"));

        assertThat(MerchantsFile.read(dir.resolve("merchants.yaml"))).isEqualTo(file);
    }

    @Test
    void neverPrintsCredentials() {
        var merchant = new Merchant("shop", Channel.WECHATPAY, "1900000100", null,
                new WechatPayCredentials("SECRET-APIV3-KEY-SECRET-APIV3-KE", List.of("wxd678efh567hg6787"), null,
                        List.of(new PlatformKey("K1", "PEMDATA"))),
                null, null);

        assertThat(merchant.toString() + merchant.wechatpay()).doesNotContain("SECRET").doesNotContain("PEMDATA");
    }

    @Test
    void readsTheDocumentedFormat() {
        var yaml = """
                merchants:
                  - tenant: demo-shop
                    channel: WECHATPAY
                    merchantId: "1230000109"
                    subMerchantIds: ["1900009100"]
                    wechatpay:
                      apiV3Key: "0123456789abcdef0123456789abcdef"
                      appIds: ["wx8888888888888888"]
                      subAppIds:
                        "1900009100": ["wxd678efh567hg6787"]
                      platformKeys:
                        - id: PUB_KEY_ID_0117000800002025045698789500001779
                          publicKeyPem: "-----BEGIN PUBLIC KEY-----"
                  - tenant: demo-shop
                    channel: ALIPAY
                    merchantId: "2021000200000000"
                    subMerchantIds: ["2021000300000000"]
                    alipay:
                      appId: "2021000200000000"
                      sellerId: "2088102119685838"
                      authAppSellerIds:
                        "2021000300000000": "2088102119685839"
                      alipayPublicKey: "MIIB"
                """;

        var merchants = MerchantsFile.parse(yaml).validate().merchants();

        assertThat(merchants.get(0).wechatpay().appIds()).containsExactly("wx8888888888888888");
        assertThat(merchants.get(0).wechatpay().subAppIds())
            .containsExactly(Map.entry("1900009100", List.of("wxd678efh567hg6787")));
        assertThat(merchants.get(0).wechatpay().platformKeys()).extracting(PlatformKey::id)
            .containsExactly("PUB_KEY_ID_0117000800002025045698789500001779");
        assertThat(merchants.get(1).alipay().sellerId()).isEqualTo("2088102119685838");
        assertThat(merchants.get(1).alipay().authAppSellerIds())
            .containsExactly(Map.entry("2021000300000000", "2088102119685839"));
    }

    @Test
    void aFileEveryServiceCanUsePassesValidation() {
        var file = new MerchantsFile(
                List.of(wechatDirect("s".repeat(32), "1".repeat(64)), wechatProvider(), alipayIsv(), stripe()));

        assertThat(file.validate()).isSameAs(file);
    }

    @Test
    void aSubMerchantMayBelongToATenantOfItsOwn() {
        // Given a platform whose sub-merchant 1900009100 sells for another shop
        var yaml = """
                merchants:
                  - tenant: platform
                    channel: WECHATPAY
                    merchantId: "1230000109"
                    subMerchantIds: ["1900009100", "1900009101"]
                    subMerchantTenants:
                      "1900009100": "shop-9100"
                    wechatpay:
                      apiV3Key: "0123456789abcdef0123456789abcdef"
                      appIds: ["wx8888888888888888"]
                      platformKeys:
                        - id: PUB_KEY_ID_0117000800002025045698789500001779
                          publicKeyPem: "-----BEGIN PUBLIC KEY-----\\nAA==\\n-----END PUBLIC KEY-----\\n"
                """;

        // When it is read
        Merchant platform = MerchantsFile.parse(yaml).validate().merchants().get(0);

        // Then that sub-merchant's orders are its shop's, the other's and the provider's
        // the
        // platform's
        assertThat(platform.tenantOf("1900009100")).isEqualTo("shop-9100");
        assertThat(platform.tenantOf("1900009101")).isEqualTo("platform");
        assertThat(platform.tenantOf("1230000109")).isEqualTo("platform");
    }

    @Test
    void aSubMerchantTenantMustNameOneOfTheSubMerchantsAndFitTheTenantColumn() {
        var file = new MerchantsFile(List.of(wechatProvider().withSubMerchantTenants(Map.of("1900000999", "shop-x",
                wechatProvider().subMerchantIds().get(0), "t".repeat(MerchantsFile.TENANT_ID_WIDTH + 1)))));

        assertThatThrownBy(file::validate).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("subMerchantTenants names 1900000999, which is not in subMerchantIds")
            .hasMessageContaining("the database's tenant_id holds at most " + MerchantsFile.TENANT_ID_WIDTH);
    }

    @Test
    void anEntryWithoutSubMerchantTenantsWritesNone() {
        assertThat(new MerchantsFile(List.of(stripe())).toYaml()).doesNotContain("subMerchantTenants");
        var withTenants = new MerchantsFile(List
            .of(wechatProvider().withSubMerchantTenants(Map.of(wechatProvider().subMerchantIds().get(0), "shop-y"))));
        assertThat(MerchantsFile.parse(withTenants.toYaml())).isEqualTo(withTenants);
    }

    @Test
    void aTenantWiderThanTheTenantColumnStopsTheStartNamingTheLimit() {
        var file = new MerchantsFile(List.of(wechatDirect("t".repeat(33), "1900000100")));

        assertThatThrownBy(file::validate).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining(
                    "merchants[0] (wechatpay 1900000100): tenant is 33 characters, the database's tenant_id holds at most 32");
    }

    @Test
    void merchantAndSubMerchantIdsWiderThanTheirColumnAreRefused() {
        var direct = wechatDirect("shop", "1".repeat(65));
        var provider = new Merchant("shop", Channel.WECHATPAY, "1230000109", List.of("2".repeat(65)),
                new WechatPayCredentials(API_V3_KEY, List.of("wx8888888888888888"), null, KEYS), null, null);

        assertThatThrownBy(() -> new MerchantsFile(List.of(direct, provider)).validate())
            .hasMessageContaining("merchants[0]")
            .hasMessageContaining("merchantId is 65 characters, the database's merchant_id holds at most 64")
            .hasMessageContaining("merchants[1]")
            .hasMessageContaining("subMerchantIds is 65 characters");
    }

    @Test
    void aWechatMerchantMustListItsAppIdsAndSubAppIdsOnlyForItsOwnSubMerchants() {
        var noAppIds = new Merchant("shop", Channel.WECHATPAY, "1900000100", List.of(),
                new WechatPayCredentials(API_V3_KEY, List.of(), null, KEYS), null, null);
        var strangerSub = new Merchant("shop", Channel.WECHATPAY, "1230000109", List.of("1900009100"),
                new WechatPayCredentials(API_V3_KEY, List.of("wx8888888888888888"),
                        Map.of("1900009999", List.of("wx1")), KEYS),
                null, null);
        var badAppId = new Merchant("shop", Channel.WECHATPAY, "1900000101", List.of(),
                new WechatPayCredentials(API_V3_KEY, List.of("wx 1"), null, KEYS), null, null);

        assertThatThrownBy(() -> new MerchantsFile(List.of(noAppIds, strangerSub, badAppId)).validate())
            .hasMessageContaining("merchants[0] (wechatpay 1900000100): wechatpay.appIds is empty")
            .hasMessageContaining(
                    "merchants[1] (wechatpay 1230000109): wechatpay.subAppIds names 1900009999, which is not in subMerchantIds")
            .hasMessageContaining("merchants[2] (wechatpay 1900000101): wechatpay.appIds has an app id that is not");
    }

    @Test
    void anAlipayAppMustNameItsSellerAndTheSellerOfEveryAuthorisingApp() {
        var noSeller = new Merchant("shop", Channel.ALIPAY, "2021000100000000", List.of(), null,
                new AlipayCredentials("2021000100000000", null, null, "MIIB"), null);
        var isvMissingOne = new Merchant("shop", Channel.ALIPAY, "2021000200000000",
                List.of("2021000300000000", "2021000300000001"), null, new AlipayCredentials("2021000200000000",
                        "2088102119685838", Map.of("2021000300000000", "2088102119685839"), "MIIB"),
                null);
        var notAPid = new Merchant("shop", Channel.ALIPAY, "2021000100000001", List.of(), null,
                new AlipayCredentials("2021000100000001", "seller@example.com", null, "MIIB"), null);

        assertThatThrownBy(() -> new MerchantsFile(List.of(noSeller, isvMissingOne, notAPid)).validate())
            .hasMessageContaining(
                    "merchants[0] (alipay 2021000100000000): alipay.sellerId must be an Alipay user id (PID)")
            .hasMessageContaining(
                    "merchants[1] (alipay 2021000200000000): alipay.authAppSellerIds must name exactly the subMerchantIds")
            .hasMessageContaining("merchants[2] (alipay 2021000100000001): alipay.sellerId must be");
    }

    @Test
    void anEntryCarriesExactlyTheCredentialsOfItsChannel() {
        var both = new Merchant("shop", Channel.STRIPE, "acct_1", List.of(), null,
                new AlipayCredentials("2021000100000000", "2088102119685838", null, "MIIB"),
                new StripeCredentials("acct_1", "whsec_x"));

        assertThatThrownBy(() -> new MerchantsFile(List.of(both)).validate())
            .hasMessageContaining("merchants[0] (stripe acct_1): exactly the stripe credentials block must be set");
    }

    @Test
    void readingAFileValidatesItAndTheMessageNamesNoCredential(@TempDir Path dir) throws Exception {
        Path path = dir.resolve("merchants.yaml");
        Files.writeString(path, new MerchantsFile(List.of(wechatDirect("t".repeat(40), "1900000100"))).toYaml());

        assertThatThrownBy(() -> MerchantsFile.read(path)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("merchants file " + path + " is not usable: ")
            .hasMessageContaining("tenant is 40 characters")
            .hasMessageNotContaining(API_V3_KEY)
            .hasMessageNotContaining("BEGIN PUBLIC KEY");
    }

    private static Merchant wechatDirect(String tenant, String mchid) {
        return new Merchant(tenant, Channel.WECHATPAY, mchid, List.of(),
                new WechatPayCredentials(API_V3_KEY, List.of("wxd678efh567hg6787"), null, KEYS), null, null);
    }

    private static Merchant wechatProvider() {
        return new Merchant("shop", Channel.WECHATPAY, "1230000109", List.of("1900009100", "1900009101"),
                new WechatPayCredentials(API_V3_KEY, List.of("wx8888888888888888"),
                        Map.of("1900009100", List.of("wxd678efh567hg6787")), KEYS),
                null, null);
    }

    private static Merchant alipayIsv() {
        return new Merchant("shop", Channel.ALIPAY, "2021000200000000", List.of("2021000300000000"), null,
                new AlipayCredentials("2021000200000000", "2088102119685838",
                        Map.of("2021000300000000", "2088102119685839"), "MIIB"),
                null);
    }

    private static Merchant stripe() {
        return new Merchant("shop", Channel.STRIPE, "acct_1Shop", List.of(), null, null,
                new StripeCredentials("acct_1Shop", "whsec_abc"));
    }

}
