package io.paypipe.sandbox.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.sandbox.merchant.MerchantCounts;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Stripe entries of the merchants file carry the account's secret API key. */
class StripeMerchantsFileTest {

    @TempDir
    Path dir;

    @Test
    void eachAccountsEntryCarriesItsOwnSecretKeyWhichTheApiAuthenticates() {
        // Given two Stripe accounts and the merchants file
        SandboxMerchants merchants = SandboxMerchants.generate(new MerchantCounts("demo-shop", 0, 0, false, 0, 0, 2));
        Path file = merchants.writeMerchantsFile(dir.resolve("merchants.yaml"));

        // When a service reads the entries
        var entries = MerchantsFile.read(file).merchants().stream().map(Merchant::stripe).toList();

        // Then each has a distinct test-mode secret key that names its own account
        assertThat(entries).hasSize(2)
            .allSatisfy(c -> assertThat(c.secretKey()).matches("sk_test_[0-9A-Za-z]{48}"))
            .extracting(Merchant.StripeCredentials::secretKey)
            .doesNotHaveDuplicates();
        for (Merchant.StripeCredentials c : entries) {
            assertThat(merchants.stripe().findBySecretKey(c.secretKey())).map(StripeMerchant::account)
                .hasValue(c.account());
        }
    }

}
