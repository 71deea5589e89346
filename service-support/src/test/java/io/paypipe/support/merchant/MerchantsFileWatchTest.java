package io.paypipe.support.merchant;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.support.merchant.MerchantsFileWatch.Outcome;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class MerchantsFileWatchTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T08:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;

    private Path file;

    private final List<OpsAlertRaised> alerts = new ArrayList<>();

    private final List<MerchantsFile> ingressKeys = new ArrayList<>();

    private final List<MerchantsFile> refundKeys = new ArrayList<>();

    private MerchantsFile atStart;

    @BeforeEach
    void givenAFileInUse() {
        file = dir.resolve("merchants.yaml");
        atStart = fileWith(stripe("acct_1Watchaaaaaaaaaa", "whsec_first_secret"));
        atStart.write(file);
    }

    @Test
    void appliesAChangedFileToEveryPartAtOnce() {
        MerchantsFileWatch watch = watch(recording(ingressKeys), recording(refundKeys));
        MerchantsFile rotated = fileWith(stripe("acct_1Watchaaaaaaaaaa", "whsec_second_secret"));

        rotated.write(file);

        assertThat(watch.check()).isEqualTo(new Outcome.Applied(1));
        assertThat(ingressKeys).containsExactly(rotated);
        assertThat(refundKeys).containsExactly(rotated);
        assertThat(watch.check()).isEqualTo(new Outcome.Unchanged());
        assertThat(alerts).isEmpty();
    }

    @Test
    void keepsThePreviousFileWhenOnePartRefusesItAndSaysWhyOnce() {
        // Given a part that refuses the new file (e.g. a key that does not parse)
        MerchantsFileWatch watch = watch(recording(ingressKeys), f -> {
            throw new IllegalArgumentException("Stripe account acct_1Watchaaaaaaaaaa is listed twice");
        });
        fileWith(stripe("acct_1Watchaaaaaaaaaa", "whsec_second_secret")).write(file);

        // When the watch looks twice
        Outcome first = watch.check();
        Outcome second = watch.check();

        // Then no part swapped, one alert says why (not the secret), and the same bad
        // file
        // is not reported again
        assertThat(first).isInstanceOf(Outcome.Rejected.class);
        assertThat(second).isEqualTo(new Outcome.Unchanged());
        assertThat(ingressKeys).isEmpty();
        assertThat(alerts).singleElement().satisfies(alert -> {
            assertThat(alert.kind()).isEqualTo(OpsAlertRaised.Kind.MERCHANTS_FILE_INVALID);
            assertThat(alert.severity()).isEqualTo(OpsAlertRaised.Severity.ERROR);
            assertThat(alert.message()).contains("listed twice").contains("previous one stays in use");
            assertThat(alert.message()).doesNotContain("whsec_");
            assertThat(alert.alertKey()).startsWith("MERCHANTS_FILE_INVALID:test:");
        });
    }

    @Test
    void refusesAFileThatBreaksARuleAndThenTakesTheFixedOne() throws IOException {
        MerchantsFileWatch watch = watch(recording(ingressKeys));
        Files.writeString(file, """
                merchants:
                - tenant: "shop-1"
                  channel: "STRIPE"
                  merchantId: "acct_1Watchaaaaaaaaaa"
                """);

        assertThat(watch.check()).isInstanceOfSatisfying(Outcome.Rejected.class,
                rejected -> assertThat(rejected.reason()).contains("not usable"));

        MerchantsFile fixed = fileWith(stripe("acct_1Watchaaaaaaaaaa", "whsec_third_secret"));
        fixed.write(file);
        assertThat(watch.check()).isEqualTo(new Outcome.Applied(1));
        assertThat(ingressKeys).containsExactly(fixed);
    }

    @Test
    void aYamlErrorNamesItsPlaceNotTheText() throws IOException {
        MerchantsFileWatch watch = watch(recording(ingressKeys));
        Files.writeString(file, "merchants:\n- tenant: \"shop-1\n  endpointSecret: whsec_leaked_secret [\n");

        Outcome outcome = watch.check();

        assertThat(outcome).isInstanceOfSatisfying(Outcome.Rejected.class, rejected -> {
            assertThat(rejected.reason()).contains("YAML error at line");
            assertThat(rejected.reason()).doesNotContain("whsec_");
        });
        assertThat(alerts).singleElement()
            .satisfies(alert -> assertThat(alert.message()).doesNotContain("whsec_leaked_secret"));
    }

    @Test
    void aFileWhoseOnlyChangeIsAComment() throws IOException {
        MerchantsFileWatch watch = watch(recording(ingressKeys));
        Files.writeString(file, "# rotated nothing\n" + atStart.toYaml());

        assertThat(watch.check()).isEqualTo(new Outcome.Unchanged());
        assertThat(ingressKeys).isEmpty();
    }

    @Test
    void aMissingFileKeepsTheMerchantsInUseAndIsReportedOnce() throws IOException {
        MerchantsFileWatch watch = watch(recording(ingressKeys));
        Files.delete(file);

        assertThat(watch.check()).isInstanceOf(Outcome.Rejected.class);
        assertThat(watch.check()).isEqualTo(new Outcome.Unchanged());
        assertThat(alerts).hasSize(1);
        assertThat(ingressKeys).isEmpty();
    }

    @Test
    void looksAtTheFileOnItsOwnThread() {
        MerchantsFile rotated = fileWith(stripe("acct_1Watchaaaaaaaaaa", "whsec_fourth_secret"));
        try (MerchantsFileWatch watch = new MerchantsFileWatch("test", file, atStart, Duration.ofMillis(50),
                List.of(recording(ingressKeys)), alerts::add, CLOCK)) {
            watch.start();
            rotated.write(file);
            org.awaitility.Awaitility.await()
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(ingressKeys).containsExactly(rotated));
        }
    }

    private MerchantsFileWatch watch(MerchantsReload... reloads) {
        return new MerchantsFileWatch("test", file, atStart, Duration.ZERO, List.of(reloads), alerts::add, CLOCK);
    }

    private static MerchantsReload recording(List<MerchantsFile> applied) {
        return f -> () -> applied.add(f);
    }

    private static MerchantsFile fileWith(Merchant... merchants) {
        return new MerchantsFile(List.of(merchants));
    }

    private static Merchant stripe(String account, String endpointSecret) {
        return new Merchant("shop-1", Channel.STRIPE, account, List.of(), null, null,
                new Merchant.StripeCredentials(account, endpointSecret));
    }

}
