package io.paypipe.channel.bill;

import static io.paypipe.channel.InProcessSandbox.STRIPE_ACCOUNT;
import static io.paypipe.channel.InProcessSandbox.STRIPE_OTHER_ACCOUNT;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.channel.InProcessSandbox;
import io.paypipe.channel.stripe.StripeEndpoint;
import io.paypipe.core.id.MerchantId;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link StripeBillDownloads} against the sandbox's Stripe Reports API (report runs
 * through stripe-java, file contents through the JDK's HttpClient) with the secret keys
 * of the merchants file the sandbox wrote; the days' settlements and scenarios armed
 * through the sandbox's bill handles. Every test has a day of its own.
 */
class StripeBillDownloadsIntegrationTest {

    private static final InProcessSandbox SANDBOX = InProcessSandbox.get();

    private static final StripeBillDownloads BILLS = new StripeBillDownloads(
            SANDBOX.merchants(), new StripeEndpoint(SANDBOX.baseUrl() + "/sandbox/stripe",
                    InProcessSandbox.CALL_TIMEOUT, Duration.ofSeconds(10), 0),
            Duration.ofSeconds(10), Duration.ofMillis(20));

    @Test
    void givenAPastDayWithAPaymentARefundAndAFeeThenReadyWithTheSummaryAndTheItemizedCsv() throws IOException {
        // Given
        LocalDate day = LocalDate.parse("2026-09-01");
        SandboxBills.payment(STRIPE_ACCOUNT, "ORD-B1", "pi_B1", 10_010, Instant.parse("2026-09-01T08:00:00Z"));
        SandboxBills.refund(STRIPE_ACCOUNT, "ORD-B1", "pi_B1", "RF-B1", "re_B1R", 4_000,
                Instant.parse("2026-09-01T09:00:00Z"));
        SandboxBills.fee(STRIPE_ACCOUNT, "fee_B1", 250, Instant.parse("2026-09-01T10:00:00Z"));

        // When
        BillFetch fetch = BILLS.fetch(request(STRIPE_ACCOUNT, day));

        // Then the summary per category, the itemized report in the parser's columns,
        // its length the bytes that came
        assertThat(fetch).isInstanceOf(BillFetch.Ready.class);
        try (BillFile file = ((BillFetch.Ready) fetch).file()) {
            assertThat(file.sha1Hex()).isEmpty();
            assertThat(text(file.summary().orElseThrow())).isEqualTo(
                    String.join(",", StripeBillDownloads.SUMMARY_COLUMNS) + "\n" + "charge,usd,1,100.10,3.20,96.90\n"
                            + "refund,usd,1,-40.00,0.00,-40.00\n" + "fee,usd,1,-2.50,0.00,-2.50\n");
            byte[] body = file.body().readAllBytes();
            assertThat(file.length()).isEqualTo(body.length);
            List<String> lines = new String(body, StandardCharsets.UTF_8).lines().toList();
            assertThat(lines).hasSize(4);
            assertThat(lines.get(0)).isEqualTo(String.join(",", StripeBillDownloads.ITEMIZED_COLUMNS));
            assertThat(lines.get(1)).isEqualTo("txn_B1,2026-09-01 08:00:00,2026-09-03 00:00:00,usd,100.10,3.20,96.90,"
                    + "charge,ch_B1,,pi_B1,ch_B1,ORD-B1,");
            assertThat(lines.get(2)).isEqualTo("txn_B1R,2026-09-01 09:00:00,2026-09-03 00:00:00,usd,-40.00,0.00,"
                    + "-40.00,refund,re_B1R,REFUND FOR CHARGE,pi_B1,ch_B1,ORD-B1,RF-B1");
            assertThat(lines.get(3)).contains(",usd,-2.50,0.00,-2.50,fee,fee_B1,");
        }
    }

    @Test
    void givenTodayWhichIsNotOverThenNotReadyDataNotAvailable() {
        // Given a payment made just now
        SANDBOX.stripe().pay(STRIPE_ACCOUNT, InProcessSandbox.outTradeNo("ST-BILL"), 500, "usd", 1);

        // When today's bill is asked for
        BillFetch fetch = BILLS.fetch(request(STRIPE_ACCOUNT, LocalDate.now(ZoneOffset.UTC)));

        // Then
        assertThat(fetch).isInstanceOfSatisfying(BillFetch.NotReady.class,
                n -> assertThat(n.code()).isEqualTo("data_not_available"));
    }

    @Test
    void givenAnEmptyPastDayThenReadyWithHeadersOnly() throws IOException {
        BillFetch fetch = BILLS.fetch(request(STRIPE_OTHER_ACCOUNT, LocalDate.parse("2026-09-02")));

        try (BillFile file = ((BillFetch.Ready) fetch).file()) {
            assertThat(text(file.summary().orElseThrow()))
                .isEqualTo(String.join(",", StripeBillDownloads.SUMMARY_COLUMNS) + "\n");
            assertThat(text(file.body())).isEqualTo(String.join(",", StripeBillDownloads.ITEMIZED_COLUMNS) + "\n");
        }
    }

    @Test
    void givenTheSummaryRunFailsThenReadyWithoutSummary() throws IOException {
        LocalDate day = LocalDate.parse("2026-09-03");
        SandboxBills.payment(STRIPE_ACCOUNT, "ORD-B3", "pi_B3", 1_000, Instant.parse("2026-09-03T08:00:00Z"));
        SandboxBills.arm(STRIPE_ACCOUNT, day, "NO_SUMMARY", 0);

        BillFetch fetch = BILLS.fetch(request(STRIPE_ACCOUNT, day));

        try (BillFile file = ((BillFetch.Ready) fetch).file()) {
            assertThat(file.summary()).isEmpty();
            assertThat(text(file.body())).contains("pi_B3");
        }
    }

    @Test
    void givenAnErrorPageInsteadOfTheFileThenReadyWithThePageForTheParserToRefuse() throws IOException {
        LocalDate day = LocalDate.parse("2026-09-04");
        SandboxBills.arm(STRIPE_ACCOUNT, day, "ERROR_PAGE", 0);

        BillFetch fetch = BILLS.fetch(request(STRIPE_ACCOUNT, day));

        try (BillFile file = ((BillFetch.Ready) fetch).file()) {
            assertThat(text(file.body())).startsWith("<!DOCTYPE html>");
        }
    }

    @Test
    void givenATruncatedFileThenItsLengthIsTheCutAndTheLastLineIsBroken() throws IOException {
        LocalDate day = LocalDate.parse("2026-09-05");
        for (int i = 0; i < 6; i++) {
            SandboxBills.payment(STRIPE_ACCOUNT, "ORD-B5-" + i, "pi_B5" + i, 1_000 + i,
                    Instant.parse("2026-09-05T08:00:00Z").plusSeconds(i));
        }
        SandboxBills.arm(STRIPE_ACCOUNT, day, "TRUNCATED", 0);

        BillFetch fetch = BILLS.fetch(request(STRIPE_ACCOUNT, day));

        try (BillFile file = ((BillFetch.Ready) fetch).file()) {
            byte[] body = file.body().readAllBytes();
            assertThat(file.length()).isEqualTo(body.length);
            assertThat(new String(body, StandardCharsets.UTF_8)).doesNotEndWith("\n").contains("pi_B50");
        }
    }

    @Test
    void givenAGeneratedDayThenTheBodyStreamsEveryLine() throws IOException {
        LocalDate day = LocalDate.parse("2026-09-06");
        SandboxBills.arm(STRIPE_OTHER_ACCOUNT, day, "GENERATED", 20_000);

        BillFetch fetch = BILLS.fetch(request(STRIPE_OTHER_ACCOUNT, day));

        try (BillFile file = ((BillFetch.Ready) fetch).file()) {
            assertThat(text(file.summary().orElseThrow())).contains("charge,usd,20000,");
            long lines = 0;
            long bytes = 0;
            byte[] buffer = new byte[8192];
            InputStream body = file.body();
            for (int n = body.read(buffer); n >= 0; n = body.read(buffer)) {
                bytes += n;
                for (int i = 0; i < n; i++) {
                    lines += buffer[i] == '\n' ? 1 : 0;
                }
            }
            assertThat(lines).isEqualTo(20_001);
            assertThat(file.length()).isEqualTo(bytes);
        }
    }

    @Test
    void givenAnAccountWithoutSecretKeyThenFailedNoCredentials() {
        BillFetch fetch = BILLS.fetch(request("acct_1PaypipeSbx0999", LocalDate.parse("2026-09-07")));

        assertThat(fetch).isInstanceOfSatisfying(BillFetch.Failed.class,
                f -> assertThat(f.reason()).startsWith("no credentials"));
    }

    private static BillRequest request(String account, LocalDate day) {
        return new BillRequest(MerchantId.of(account), Optional.empty(), day);
    }

    private static String text(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

}
