package io.paypipe.sandbox.bill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.core.id.Channel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The settlement book kept in a file ({@code sandbox.bills.settlements-file}): what was
 * recorded before a restart is in the bills after it, and a file the book cannot read
 * whole stops the start instead of serving a shorter bill.
 */
class SettlementBookTest {

    private static final Instant T0 = Instant.parse("2026-11-29T02:15:02Z");

    @TempDir
    Path dir;

    @Test
    void givenSettlementsRecorded_whenTheBookIsOpenedAgainOnItsFile_thenItHoldsEachOfThemAsRecorded() throws Exception {
        // Given a payment, a refund of it and a fee line recorded in a book on a file
        Path file = dir.resolve("var/sandbox-settlements.jsonl");
        List<Settlement> recorded = List.of(payment("4200000001", 12_345, T0),
                Settlement.refund(Channel.WECHATPAY, "1900000100", "PP-1", "4200000001", Optional.of("PP-1-RF1"),
                        "50300000001", 3_000, "CNY", T0.plusSeconds(60)),
                Settlement.fee(Channel.STRIPE, "acct_1PaypipeSbx0000", "txn_fee_1", 150, "USD", T0.plusSeconds(120)),
                new Settlement(Channel.ALIPAY, "2021000100000000", Settlement.Kind.REFUND, Optional.of("PP-2"),
                        "2026112922001400000000000001", Optional.of("PP-2-RF1"), Optional.empty(), 500, 0, "CNY",
                        T0.plusSeconds(180)));
        try (SettlementBook book = SettlementBook.persistedIn(file)) {
            recorded.forEach(book::record);
        }

        // When the sandbox starts again on the file
        try (SettlementBook again = SettlementBook.persistedIn(file)) {
            // Then every settlement is there, equal to what was recorded, one line each
            assertThat(again.size()).isEqualTo(4);
            assertThat(again.file()).contains(file);
            assertThat(again.of(Channel.WECHATPAY, "1900000100", T0, T0.plusSeconds(3600)))
                .containsExactly(recorded.get(0), recorded.get(1));
            assertThat(again.of(Channel.STRIPE, "acct_1PaypipeSbx0000", T0, T0.plusSeconds(3600)))
                .containsExactly(recorded.get(2));
            assertThat(again.of(Channel.ALIPAY, "2021000100000000", T0, T0.plusSeconds(3600)))
                .containsExactly(recorded.get(3));
        }
        assertThat(Files.readAllLines(file)).hasSize(4);
    }

    @Test
    void givenABookOpenedAgain_whenMoreIsRecorded_thenItIsAppendedAfterWhatWasThere() throws Exception {
        // Given a file with one payment, opened again
        Path file = dir.resolve("settlements.jsonl");
        try (SettlementBook book = SettlementBook.persistedIn(file)) {
            book.record(payment("4200000001", 100, T0));
        }

        // When a second payment is recorded, and the file read once more
        try (SettlementBook book = SettlementBook.persistedIn(file)) {
            book.record(payment("4200000002", 200, T0.plusSeconds(1)));
        }
        try (SettlementBook again = SettlementBook.persistedIn(file)) {
            // Then both are there, nothing twice
            assertThat(again.of(Channel.WECHATPAY, "1900000100", T0, T0.plusSeconds(2)))
                .extracting(Settlement::channelTradeNo)
                .containsExactly("4200000001", "4200000002");
        }
    }

    @Test
    void givenALineCutShort_whenTheBookIsOpened_thenTheStartStopsNamingTheFileAndTheLine() throws Exception {
        // Given a file whose second line a crash cut in the middle
        Path file = dir.resolve("settlements.jsonl");
        try (SettlementBook book = SettlementBook.persistedIn(file)) {
            book.record(payment("4200000001", 100, T0));
        }
        Files.writeString(file, "{\"channel\":\"WECHATPAY\",\"merchantId\":\"19", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);

        // When the book is opened, then it refuses, saying where
        assertThatThrownBy(() -> SettlementBook.persistedIn(file)).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("sandbox.bills.settlements-file " + file + " line 2 is not a settlement")
            .hasMessageContaining("the bills would silently miss it");
    }

    @Test
    void givenALineMissingItsAmount_whenTheBookIsOpened_thenTheStartStops() throws Exception {
        // Given a line that is JSON but lacks a field of a settlement
        Path file = dir.resolve("settlements.jsonl");
        try (SettlementBook book = SettlementBook.persistedIn(file)) {
            book.record(payment("4200000001", 100, T0));
        }
        String line = Files.readAllLines(file).getFirst();
        Files.writeString(file, line.replace("\"amountMinor\":100,", "") + "\n");

        // When opened, then it refuses: a payment of 0 would be a wrong bill
        assertThatThrownBy(() -> SettlementBook.persistedIn(file)).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("line 1 is not a settlement");
    }

    @Test
    void givenTheSettingSet_whenTheSandboxsBillsStart_thenTheBookReadsAndWritesThatFile() throws Exception {
        // Given a file holding one payment
        Path file = dir.resolve("var/sandbox-settlements.jsonl");
        try (SettlementBook book = SettlementBook.persistedIn(file)) {
            book.record(payment("4200000001", 100, T0));
        }

        new ApplicationContextRunner().withUserConfiguration(BillSandboxConfiguration.class)
            .withPropertyValues("sandbox.bills.settlements-file=" + file)
            .run(context -> {
                // Then the sandbox's book is on it, with what it held
                SettlementBook book = context.getBean(SettlementBook.class);
                assertThat(book.file()).contains(file);
                assertThat(book.size()).isOne();
            });
        new ApplicationContextRunner().withUserConfiguration(BillSandboxConfiguration.class).run(context -> {
            // and without the setting it is in memory
            assertThat(context.getBean(SettlementBook.class).file()).isEmpty();
        });
    }

    private static Settlement payment(String tradeNo, long fen, Instant at) {
        return Settlement.payment(Channel.WECHATPAY, "1900000100", "PP-" + tradeNo, tradeNo, fen,
                FeeRates.feeMinor(Channel.WECHATPAY, fen), "CNY", at);
    }

}
