package io.paypipe.ingress.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.ingress.MigratedDatabase;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.embedded.TestInfra;
import io.paypipe.ingress.IngressApplication;
import io.paypipe.sandbox.alipay.AlipayMerchant;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The merchants file is validated when ingress starts, on the real broker and database: a
 * value every insert would refuse, or an entry the channels' cross-checks cannot use,
 * stops the start with a message that says what.
 */
class MerchantsFileAtStartIntegrationTest {

    @TempDir
    Path dir;

    @Test
    void aTenantWiderThanTheDatabaseColumnStopsTheStartNamingTheEntryAndTheLimit() throws Exception {
        // Given a merchants file whose WeChat merchant has a 33-character tenant
        Merchant tooWide = withTenant(WechatPaySandboxMerchant.wechatDirect("shop", "1900000100").merchant(),
                "t".repeat(33));

        // When ingress starts on it / Then it does not, and says why
        assertThatThrownBy(() -> start(write(tooWide)))
            .satisfies(e -> assertThat(NestedExceptionUtils.getMostSpecificCause(e))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("merchants[0] (wechatpay 1900000100): tenant is 33 characters, the database's "
                        + "tenant_id holds at most 32"));
    }

    @Test
    void entriesWithoutTheAppIdsOrTheSellerTheCrossChecksNeedStopTheStart() throws Exception {
        // Given a WeChat merchant without app ids and an Alipay app without its seller
        Merchant wechat = WechatPaySandboxMerchant.wechatDirect("shop", "1900000100").merchant();
        Merchant noAppIds = new Merchant(wechat.tenant(), wechat.channel(), wechat.merchantId(),
                wechat.subMerchantIds(), new Merchant.WechatPayCredentials(wechat.wechatpay().apiV3Key(), List.of(),
                        Map.of(), wechat.wechatpay().platformKeys()),
                null, null);
        Merchant alipay = AlipayMerchant.direct("shop", "2021000100000000").merchant();
        Merchant noSeller = new Merchant(alipay.tenant(), alipay.channel(), alipay.merchantId(),
                alipay.subMerchantIds(), null,
                new Merchant.AlipayCredentials(alipay.alipay().appId(), null, null, alipay.alipay().alipayPublicKey()),
                null);

        // When ingress starts on it / Then it does not, naming both
        assertThatThrownBy(() -> start(write(noAppIds, noSeller)))
            .satisfies(e -> assertThat(NestedExceptionUtils.getMostSpecificCause(e))
                .hasMessageContaining("merchants[0] (wechatpay 1900000100): wechatpay.appIds is empty")
                .hasMessageContaining(
                        "merchants[1] (alipay 2021000100000000): alipay.sellerId must be an Alipay user id"));
    }

    @Test
    void theLimitsAreTheWidthsOfEveryTenantAndMerchantColumnOfTheSchema() {
        // Given the schema as the migrations build it
        var dataSource = MigratedDatabase.dataSource();

        // When its tenant and merchant id columns are read
        var widths = JdbcClient.create(dataSource).sql("""
                SELECT column_name, MIN(character_maximum_length) AS narrowest, COUNT(*) AS tables
                FROM information_schema.columns
                WHERE table_schema = DATABASE() AND column_name IN ('tenant_id', 'merchant_id', 'sp_merchant_id')
                GROUP BY column_name
                """).query((rs, i) -> Map.entry(rs.getString(1).toLowerCase(), rs.getInt(2))).list();

        // Then the merchants file's limits are the narrowest of them
        assertThat(widths).containsExactlyInAnyOrder(Map.entry("tenant_id", MerchantsFile.TENANT_ID_WIDTH),
                Map.entry("merchant_id", MerchantsFile.MERCHANT_ID_WIDTH),
                Map.entry("sp_merchant_id", MerchantsFile.MERCHANT_ID_WIDTH));
    }

    private Path write(Merchant... merchants) throws Exception {
        Path file = Files.createTempFile(dir, "merchants", ".yaml");
        Files.writeString(file, new MerchantsFile(List.of(merchants)).toYaml());
        return file;
    }

    /**
     * Starts ingress as an operator would, the settings on the command line (above its
     * defaults file).
     */
    private static void start(Path merchantsFile) {
        Map<String, String> properties = new HashMap<>(TestInfra.get().springProperties());
        properties.put("ingress.merchants-file", merchantsFile.toString());
        properties.put("server.port", "0");
        String[] args = properties.entrySet()
            .stream()
            .map(e -> "--" + e.getKey() + "=" + e.getValue())
            .toArray(String[]::new);
        try (var context = new SpringApplicationBuilder(IngressApplication.class).run(args)) {
            throw new AssertionError("ingress started on " + merchantsFile + ": " + context.getId());
        }
    }

    private static Merchant withTenant(Merchant m, String tenant) {
        return new Merchant(tenant, m.channel(), m.merchantId(), m.subMerchantIds(), m.wechatpay(), m.alipay(),
                m.stripe());
    }

}
