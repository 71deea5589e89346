package io.paypipe.ingress.rederive;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.MigratedDatabase;
import io.paypipe.ingress.rederive.StoredRefund.Derived;
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
 * The re-derive's side of {@code pay_refund_raw} on the real database: the filter reads
 * exactly the rows it names, the one UPDATE writes only a row that still holds what was
 * read (NULL amounts and a NULL derived state compared as values), and puts a row back.
 */
class RefundRederiveRepositoryIntegrationTest {

    private static JdbcClient jdbc;

    private static RefundRederiveRepository rows;

    private final String merchant = "19" + ThreadLocalRandom.current().nextLong(10_000_000L, 99_999_999L);

    private final Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    private static final Derived SUCCEEDED = new Derived("SUCCEEDED", "503000", 400L, null, "CNY");

    @BeforeAll
    static void schema() {
        var dataSource = MigratedDatabase.dataSource();
        jdbc = JdbcClient.create(dataSource);
        rows = new RefundRederiveRepository(jdbc);
    }

    @Test
    void givenRefundRowsOfSeveralKinds_whenFiltered_thenOnlyTheRowsEveryGivenPartNamesAreRead() {
        long parked = insert("RF-1", "UNKNOWN", 2, "unknown refund state SUCCESS", at);
        insert("RF-2", "SUCCEEDED", 1, null, at);
        insert("RF-3", "UNKNOWN", 2, "unknown refund state 50%_OFF", at.minusSeconds(3600));

        assertThat(ids(new RederiveFilter(null, merchant, null, null, 2, null, null))).hasSize(2).contains(parked);
        assertThat(ids(new RederiveFilter("wechatpay", merchant, at.minusSeconds(60), null, null, null, null)))
            .hasSize(2);
        assertThat(ids(new RederiveFilter(null, merchant, null, null, null, null, "state SUCCESS")))
            .containsExactly(parked);
        assertThat(ids(new RederiveFilter(null, merchant, null, null, null, null, "5%F"))).isEmpty();
        assertThat(ids(new RederiveFilter("alipay", merchant, null, null, null, null, null))).isEmpty();
    }

    @Test
    void givenARowReadForAReDerive_whenItIsStillAsRead_thenTheUpdateWritesItAndHandsItBack() {
        long id = insert("RF-4", "UNKNOWN", 2, "unknown refund state SUCCESS", at);
        StoredRefund read = only(id);

        assertThat(rows.swap(id, read.derived(), read.handled(), SUCCEEDED, 0, at.plusSeconds(5))).isTrue();

        assertThat(row(id)).containsEntry("derived_state", "SUCCEEDED").containsEntry("handled", 0);
        assertThat(only(id).derived()).isEqualTo(SUCCEEDED);
        // and back, as after a publish that failed
        assertThat(rows.swap(id, SUCCEEDED, 0, read.derived(), read.handled(), at.plusSeconds(6))).isTrue();
        assertThat(only(id).derived()).isEqualTo(read.derived());
        assertThat(only(id).handled()).isEqualTo(2);
    }

    @Test
    void givenARowStoredBeforeV18_whenReDerived_thenItsNullStateIsComparedAsNull() {
        long id = insert("RF-5", null, 2, "unknown refund state SUCCESS", at);
        StoredRefund read = only(id);

        assertThat(read.derived().state()).isNull();
        assertThat(rows.swap(id, read.derived(), 2, SUCCEEDED, 0, at)).isTrue();
        assertThat(row(id)).containsEntry("derived_state", "SUCCEEDED");
    }

    @Test
    void givenARowThatChangedAfterItWasRead_whenUpdated_thenNothingIsWritten() {
        long id = insert("RF-6", "UNKNOWN", 2, "unknown refund state SUCCESS", at);
        StoredRefund read = only(id);
        // meanwhile a person settled it by hand
        jdbc.sql("UPDATE pay_refund_raw SET handled = 1 WHERE id = :id").param("id", id).update();
        Map<String, Object> before = row(id);

        assertThat(rows.swap(id, read.derived(), read.handled(), SUCCEEDED, 0, at)).isFalse();
        assertThat(row(id)).isEqualTo(before);
    }

    private List<Long> ids(RederiveFilter filter) {
        return rows.page(filter, 0, 100).stream().map(StoredRefund::id).toList();
    }

    private StoredRefund only(long id) {
        return rows.page(new RederiveFilter(null, merchant, null, null, null, null, null), id - 1, 1).getFirst();
    }

    private Map<String, Object> row(long id) {
        return jdbc.sql("SELECT * FROM pay_refund_raw WHERE id = :id").param("id", id).query().singleRow();
    }

    /** A WeChat REFUND.SUCCESS notice row of 400, its derived state {@code state}. */
    private long insert(String refundNo, String state, int handled, String lastError, Instant createdAt) {
        var keys = new GeneratedKeyHolder();
        Timestamp created = Timestamp.from(createdAt);
        jdbc.sql("""
                INSERT INTO pay_refund_raw (tenant_id, merchant_id, channel, refund_no, refund_key,
                    channel_refund_id, channel_trade_no, out_trade_no, refund_state, derived_state,
                    refund_amount_minor, refunded_total_minor, currency, handled, attempts, last_error, raw_body,
                    created_at, updated_at, last_delivered_at)
                VALUES ('shop', :merchant, 'wechatpay', :refundNo, :refundNo, '503000', :tradeNo, :out, 'SUCCESS',
                    :state, 400, NULL, 'CNY', :handled, 0, :lastError, '{}', :created, :created, :created)""")
            .param("merchant", merchant)
            .param("refundNo", refundNo)
            .param("tradeNo", "42" + merchant + refundNo)
            .param("out", "OT" + refundNo)
            .param("state", state)
            .param("handled", handled)
            .param("lastError", lastError)
            .param("created", created)
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

}
