package io.paypipe.ingress.rederive;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.MigratedDatabase;
import io.paypipe.ingress.rederive.StoredPayment.Derived;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;

/**
 * The re-derive's side of {@code pay_notify_raw} on the real database: the filter reads
 * exactly the rows it names, and the one UPDATE writes only a row that still holds what
 * was read (a row settled or re-derived meanwhile is left as it is).
 */
class RederiveRepositoryIntegrationTest {

    private static JdbcClient jdbc;

    private static RederiveRepository rows;

    private final String merchant = "19" + ThreadLocalRandom.current().nextLong(10_000_000L, 99_999_999L);

    private final Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    @BeforeAll
    static void schema() {
        var dataSource = MigratedDatabase.dataSource();
        jdbc = JdbcClient.create(dataSource);
        rows = new RederiveRepository(jdbc);
    }

    @Test
    void givenRowsOfSeveralKinds_whenFiltered_thenOnlyTheRowsEveryGivenPartNamesAreRead() {
        long parked = insert("T-1", 2, "UNKNOWN_STATE", "unknown channel state SUCCESS", at);
        insert("T-2", 1, "APPLIED", null, at);
        insert("T-3", 2, "MISMATCH", "order amount 1 != 2", at);
        insert("T-4", 2, "UNKNOWN_STATE", "unknown channel state 50%_OFF", at.minusSeconds(3600));

        assertThat(ids(new RederiveFilter(null, merchant, null, null, 2, "UNKNOWN_STATE", null))).hasSize(2)
            .contains(parked);
        assertThat(ids(new RederiveFilter("wechatpay", merchant, at.minusSeconds(60), null, 2, null, null))).hasSize(2);
        assertThat(ids(new RederiveFilter(null, merchant, null, at.minusSeconds(60), null, null, null))).hasSize(1);
        assertThat(ids(new RederiveFilter(null, merchant, null, null, null, null, "state SUCCESS")))
            .containsExactly(parked);
        // % and _ of the text are themselves, not wildcards
        assertThat(ids(new RederiveFilter(null, merchant, null, null, null, null, "50%_"))).hasSize(1);
        assertThat(ids(new RederiveFilter(null, merchant, null, null, null, null, "5%F"))).isEmpty();
        assertThat(ids(new RederiveFilter("alipay", merchant, null, null, null, null, null))).isEmpty();
    }

    @Test
    void givenARowReadForAReDerive_whenItIsStillAsRead_thenTheUpdateWritesItAndHandsItBack() {
        long id = insert("T-5", 2, "UNKNOWN_STATE", "unknown channel state SUCCESS", at);
        StoredPayment read = only(id);
        Derived now = new Derived("SUCCESS", "SUCCEEDED", 2500, 2500, "CNY", at);

        assertThat(rows.rederive(read, now, at.plusSeconds(5))).isTrue();

        Map<String, Object> row = row(id);
        assertThat(row).containsEntry("payment_state", "SUCCEEDED")
            .containsEntry("paid_amount_minor", 2500L)
            .containsEntry("handled", 0)
            .containsEntry("outcome", "UNKNOWN_STATE");
        assertThat(jdbc.sql("SELECT last_republished_at FROM pay_notify_raw WHERE id = :id")
            .param("id", id)
            .query((rs, i) -> rs.getTimestamp(1).toInstant())
            .single()).isEqualTo(at.plusSeconds(5));
        assertThat(only(id).derived()).isEqualTo(now);
    }

    @Test
    void givenARowThatChangedAfterItWasRead_whenUpdated_thenNothingIsWritten() {
        long id = insert("T-6", 2, "UNKNOWN_STATE", "unknown channel state SUCCESS", at);
        StoredPayment read = only(id);
        // meanwhile a person settled it by hand
        jdbc.sql("UPDATE pay_notify_raw SET handled = 1 WHERE id = :id").param("id", id).update();
        Map<String, Object> before = row(id);

        boolean written = rows.rederive(read, new Derived("SUCCESS", "SUCCEEDED", 2500, 2500, "CNY", at), at);

        assertThat(written).isFalse();
        assertThat(row(id)).isEqualTo(before);
    }

    @Test
    void givenARowWhoseBodyRetentionArchived_whenRead_thenItsBodyComesFromTheArchive() {
        long id = insert("T-7", 1, "APPLIED", null, at);
        jdbc.sql("""
                INSERT INTO pay_notify_raw_archive (id, merchant_id, channel, channel_trade_no, raw_body,
                    created_at, archived_at)
                SELECT id, merchant_id, channel, channel_trade_no, '{"archived":true}', created_at, created_at
                  FROM pay_notify_raw WHERE id = :id""").param("id", id).update();
        jdbc.sql("UPDATE pay_notify_raw SET raw_body = NULL WHERE id = :id").param("id", id).update();
        long bodiless = insert("T-8", 1, "APPLIED", null, at);
        jdbc.sql("UPDATE pay_notify_raw SET raw_body = NULL WHERE id = :id").param("id", bodiless).update();

        assertThat(only(id).body()).isEqualTo("{\"archived\":true}");
        assertThat(only(bodiless).body()).isNull();
    }

    private List<Long> ids(RederiveFilter filter) {
        return rows.page(filter, 0, 100).stream().map(StoredPayment::id).toList();
    }

    private StoredPayment only(long id) {
        return rows.page(new RederiveFilter(null, merchant, null, null, null, null, null), id - 1, 1).getFirst();
    }

    private Map<String, Object> row(long id) {
        return jdbc.sql("SELECT * FROM pay_notify_raw WHERE id = :id").param("id", id).query().singleRow();
    }

    /**
     * A WeChat row as a buggy classifier stored it: SUCCESS taken for unknown, nothing
     * paid.
     */
    private long insert(String outTradeNo, int handled, String outcome, String lastError, Instant createdAt) {
        var keys = new GeneratedKeyHolder();
        Timestamp created = Timestamp.from(createdAt);
        jdbc.sql("""
                INSERT INTO pay_notify_raw (tenant_id, merchant_id, channel, channel_trade_no, out_trade_no,
                    trade_state, payment_state, order_amount_minor, paid_amount_minor, currency, handled, outcome,
                    attempts, last_error, raw_body, created_at, updated_at, last_delivered_at)
                VALUES ('shop', :merchant, 'wechatpay', :tradeNo, :out, 'SUCCESS', 'UNKNOWN', 2500, 0, 'CNY',
                    :handled, :outcome, 0, :lastError, '{}', :created, :created, :created)""")
            .param("merchant", merchant)
            .param("tradeNo", "42" + merchant + outTradeNo)
            .param("out", outTradeNo)
            .param("handled", handled)
            .param("outcome", outcome)
            .param("lastError", lastError)
            .param("created", created)
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

}
