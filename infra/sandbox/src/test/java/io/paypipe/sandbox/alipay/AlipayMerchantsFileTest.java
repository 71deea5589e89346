package io.paypipe.sandbox.alipay;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.sandbox.SandboxFixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Alipay entries of the merchants file the sandbox writes carry what a merchant's
 * refund calls need: the app's private key, whose public half the sandbox's gateway
 * verifies with, and never the key Alipay signs with.
 */
class AlipayMerchantsFileTest {

    @TempDir
    Path dir;

    @Test
    void anAppsEntryCarriesItsPrivateKeyAndTheGatewayVerifiesWhatThatKeySigns() {
        // Given the merchants file as the sandbox writes it
        Path file = SandboxFixtures.merchants().writeMerchantsFile(dir.resolve("merchants.yaml"));
        AlipayMerchant app = SandboxFixtures.alipayDirect();

        // When a service reads the app's entry and signs a gateway request with its key
        Merchant entry = MerchantsFile.read(file)
            .merchants()
            .stream()
            .filter(m -> m.merchantId().equals(app.appId()))
            .findFirst()
            .orElseThrow();
        String content = "app_id=" + app.appId() + "&method=alipay.trade.refund&sign_type=RSA2";
        String sign = AlipayCrypto.sign(AlipayCrypto.parsePrivateKey(entry.alipay().appPrivateKey()), content,
                StandardCharsets.UTF_8);

        // Then the sandbox verifies it with the app's public key, and Alipay's own key
        // does
        // not
        assertThat(AlipayCrypto.verifyContent(app.appPublicKey().orElseThrow(), content, sign, StandardCharsets.UTF_8))
            .isTrue();
        assertThat(AlipayCrypto.verifyContent(app.publicKey(), content, sign, StandardCharsets.UTF_8)).isFalse();
    }

    @Test
    void alipaysSigningKeyNeverLeavesTheSandbox() throws Exception {
        // Given the merchants file
        Path file = SandboxFixtures.merchants().writeMerchantsFile(dir.resolve("merchants.yaml"));

        // Then neither Alipay private key (the one that signs notifications and answers)
        // is
        // in it, in any form
        String text = Files.readString(file);
        for (AlipayMerchant m : SandboxFixtures.merchants().alipay()) {
            assertThat(text).doesNotContain(
                    Base64.getEncoder().encodeToString(m.alipayKeyPair().getPrivate().getEncoded()).substring(0, 64));
            assertThat(text).contains(m.merchant().alipay().appPrivateKey());
        }
    }

}
