package io.paypipe.support.inbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.support.failure.InvalidRecordException;
import io.paypipe.support.inbound.RecordValues.Required;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class RecordValuesTest {

    /** A notice as ingress publishes one: its raw row's id and the order it is about. */
    record Notice(long rawId, OrderKey orderKey, String state) {
    }

    private static final OrderKey ORDER = new OrderKey(TenantId.of("shop"), MerchantId.of("1900000100"),
            OutTradeNo.of("ORDER-1"));

    @Test
    void givenAReadableRecordWithEveryRequiredField_whenRead_thenItIsTheValue() {
        Notice notice = RecordValues.read(record("k", json(new Notice(7, ORDER, "SUCCESS")), null), Notice.class,
                RecordValuesTest::missing);

        assertThat(notice).isEqualTo(new Notice(7, ORDER, "SUCCESS"));
    }

    @Test
    void givenAValueFromANewerProducerWithAFieldThisVersionDoesNotKnow_whenRead_thenTheFieldIsIgnored() {
        // Given a notice as a newer version publishes it during a rolling upgrade: one
        // field more
        String newer = new String(json(new Notice(7, ORDER, "SUCCESS")), StandardCharsets.UTF_8).replaceFirst("\\}$",
                ",\"addedLater\":{\"any\":[1,2]}}");
        assertThat(newer).contains("addedLater");

        // When this version reads it
        Notice notice = RecordValues.read(record("k", bytes(newer), null), Notice.class, RecordValuesTest::missing);

        // Then it is the value it knows, the new field left out
        assertThat(notice).isEqualTo(new Notice(7, ORDER, "SUCCESS"));
    }

    @Test
    void givenARecordWithoutKeyOrValueOrNotJson_whenRead_thenItIsInvalidNamingWhatAndItsRawId() {
        assertThatThrownBy(() -> RecordValues.read(record(null, json(new Notice(7, ORDER, "S")), 7L), Notice.class,
                RecordValuesTest::missing))
            .isInstanceOfSatisfying(InvalidRecordException.class, e -> {
                assertThat(e.getMessage()).isEqualTo("invalid record on payment.notify-0@42 (raw 7): no key");
                assertThat(e.rawId()).isEqualTo(OptionalLong.of(7));
                assertThat(e.offset()).isEqualTo(42);
            });
        assertThatThrownBy(
                () -> RecordValues.read(record("k", new byte[0], null), Notice.class, RecordValuesTest::missing))
            .hasMessageEndingWith(": no value");
        assertThatThrownBy(
                () -> RecordValues.read(record("k", bytes("not json"), null), Notice.class, RecordValuesTest::missing))
            .hasMessageContaining("unreadable Notice");
        assertThatThrownBy(
                () -> RecordValues.read(record("k", bytes("null"), null), Notice.class, RecordValuesTest::missing))
            .hasMessageEndingWith(": null Notice");
    }

    @Test
    void givenARecordWithoutRequiredFields_whenRead_thenItIsInvalidNamingEachOneInOrder() {
        OrderKey noTenant = new OrderKey(null, MerchantId.of("1900000100"), null);

        assertThatThrownBy(() -> RecordValues.read(record("k", json(new Notice(0, noTenant, null)), null), Notice.class,
                RecordValuesTest::missing))
            .isInstanceOf(InvalidRecordException.class)
            .hasMessageEndingWith(": Notice without rawId, state, orderKey.tenantId, orderKey.outTradeNo");
        assertThatThrownBy(() -> RecordValues.read(record("k", json(new Notice(3, null, "S")), null), Notice.class,
                RecordValuesTest::missing))
            .hasMessageEndingWith(": Notice without orderKey");
    }

    @Test
    void givenANoticeWhoseHeaderNamesAnotherRawRow_whenReadAsANotice_thenItIsInvalid() {
        var record = record("k", json(refundNotice(7, ORDER)), 8L);

        assertThatThrownBy(() -> RecordValues.readNotice(record, RefundNotified.class, RecordValuesTest::noticeMissing))
            .isInstanceOf(InvalidRecordException.class)
            .hasMessageEndingWith("(raw 8): header names raw 8, value raw 7");
        assertThat(RecordValues.readNotice(record("k", json(refundNotice(7, ORDER)), 7L), RefundNotified.class,
                RecordValuesTest::noticeMissing))
            .isEqualTo(refundNotice(7, ORDER));
        assertThat(RecordValues.readNotice(record("k", json(refundNotice(7, ORDER)), null), RefundNotified.class,
                RecordValuesTest::noticeMissing))
            .isEqualTo(refundNotice(7, ORDER));
    }

    @Test
    void givenANoticeWithoutWhatEveryDecisionReads_whenReadAsANotice_thenItIsInvalidNamingItInOrder() {
        RefundNotified bare = new RefundNotified(null, 0, null, new OrderKey(TenantId.of("shop"), null, null), null,
                null, null, null, null, null, null, null, null, null);

        assertThatThrownBy(() -> RecordValues.readNotice(record("k", json(bare), null), RefundNotified.class,
                RecordValuesTest::noticeMissing))
            .hasMessageEndingWith(": RefundNotified without rawId, eventId, channel, channelTradeNo, state, "
                    + "channelState, receivedAt, orderKey.merchantId, orderKey.outTradeNo");
    }

    @Test
    void givenDeadLetters_whenTheirRawIdIsAskedFor_thenTheHeaderWinsElseTheValuesPositiveRawId() {
        assertThat(RecordValues.rawId(record("k", bytes("garbage"), 5L))).isEqualTo(OptionalLong.of(5));
        assertThat(RecordValues.rawId(record("k", bytes("{\"rawId\":9,\"state\":\"NEW_STATE\"}"), null)))
            .isEqualTo(OptionalLong.of(9));
        assertThat(RecordValues.rawId(record("k", bytes("{\"rawId\":0}"), null))).isEmpty();
        assertThat(RecordValues.rawId(record("k", bytes("{\"rawId\":\"9\"}"), null))).isEmpty();
        assertThat(RecordValues.rawId(record("k", bytes("garbage"), null))).isEmpty();
        assertThat(RecordValues.rawId(record("k", null, null))).isEmpty();
    }

    @Test
    void givenDeadLetters_whenReadLeniently_thenWhatCanBeReadIsThereAndNothingElse() {
        assertThat(RecordValues.readLeniently(record("k", json(new Notice(0, null, null)), null), Notice.class))
            .contains(new Notice(0, null, null));
        assertThat(RecordValues.readLeniently(record("k", bytes("garbage"), null), Notice.class)).isEmpty();
        assertThat(RecordValues.readLeniently(record("k", bytes("null"), null), Notice.class)).isEmpty();
        assertThat(RecordValues.readLeniently(record("k", null, null), Notice.class)).isEmpty();
    }

    static List<String> missing(Notice n) {
        return new Required().check("rawId", n.rawId() > 0)
            .field("orderKey", n.orderKey())
            .field("state", n.state())
            .partsOf("orderKey", n.orderKey())
            .missing();
    }

    static List<String> noticeMissing(RefundNotified n) {
        return new Required().notice(n).field("receivedAt", n.receivedAt()).partsOf("orderKey", n.orderKey()).missing();
    }

    private static RefundNotified refundNotice(long rawId, OrderKey order) {
        Instant at = Instant.parse("2025-03-01T10:15:30Z");
        return new RefundNotified(RefundNotified.idFor(rawId), rawId, Channel.WECHATPAY, order, null, "RF-1", null,
                ChannelTradeNo.of("4200000000000000000000000001"), RefundState.SUCCEEDED, "SUCCESS",
                Money.of(100, "CNY"), null, at, at);
    }

    private static ConsumerRecord<String, byte[]> record(String key, byte[] value, Long rawIdHeader) {
        var record = new ConsumerRecord<>("payment.notify", 0, 42, key, value);
        if (rawIdHeader != null) {
            record.headers().add(NotifyHeaders.RAW_ID, NotifyHeaders.rawIdValue(rawIdHeader));
        }
        return record;
    }

    private static byte[] json(Object value) {
        return Json.MAPPER.writeValueAsBytes(value);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

}
