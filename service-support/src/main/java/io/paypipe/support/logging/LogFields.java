package io.paypipe.support.logging;

/**
 * The names of the fields the services' key log lines carry as SLF4J key-value pairs
 * ({@code log.atInfo().addKeyValue(LogFields.ORDER_KEY, ...)}): with structured logging
 * on ({@code logging.structured.format.console=logstash}, or
 * {@code PAYPIPE_LOG_FORMAT=json} for {@code ./paypipe run}) each is a field of the
 * line's JSON object; the plain text lines name the same ids in their message. Ids only:
 * never a body, a key or a payer.
 */
public final class LogFields {

    /** The order: {@code tenant|merchant|outTradeNo}, the records' Kafka key. */
    public static final String ORDER_KEY = "orderKey";

    /** The channel's trade (payment) number, or a refund's key on refund lines. */
    public static final String TRADE_NO = "tradeNo";

    public static final String TOPIC = "topic";

    public static final String PARTITION = "partition";

    /** A record's offset, or the first offset of a batch. */
    public static final String OFFSET = "offset";

    /**
     * What became of the event: {@code published}, {@code duplicate}, {@code rejected},
     * {@code paid}...
     */
    public static final String OUTCOME = "outcome";

    /** How long it took, in milliseconds. */
    public static final String DURATION_MS = "durationMs";

    /** The stored raw notification's id. */
    public static final String RAW_ID = "rawId";

    public static final String CHANNEL = "channel";

    /** The number of records of a batch. */
    public static final String RECORDS = "records";

    private LogFields() {
    }

}
