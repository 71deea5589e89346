package io.paypipe.downstream.batch;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * An {@link EventTable} whose statements follow from the table's name and columns: the
 * look-up of stored event ids, the multi-row INSERT and the single INSERT, each row's
 * {@code created_at} the batch's time. A consumer's table says only which columns it has
 * and what an event puts in them ({@link #values}, in the order of {@code columns},
 * {@code event_id} first). The names are the subclass's constants, never input. No method
 * is final: the repositories are proxied ({@code @Repository}).
 *
 * @param <E> the event type
 */
public abstract class EventRows<E> implements EventTable<E> {

    private final JdbcClient jdbc;

    private final String table;

    private final List<String> columns;

    protected EventRows(JdbcClient jdbc, String table, List<String> columns) {
        if (columns.isEmpty() || !columns.getFirst().equals("event_id")) {
            throw new IllegalArgumentException("the columns of " + table + " start with event_id: " + columns);
        }
        this.jdbc = jdbc;
        this.table = table;
        this.columns = List.copyOf(columns);
    }

    /** The event's value of each column, by column name. */
    protected abstract Map<String, Object> values(E event);

    @Override
    public String eventId(E event) {
        return (String) values(event).get("event_id");
    }

    @Override
    public Set<String> stored(List<String> eventIds) {
        return jdbc.sql("SELECT event_id FROM " + table + " WHERE event_id IN (:ids)")
            .param("ids", eventIds)
            .query(String.class)
            .set();
    }

    /** One INSERT of every row: a duplicate key fails it whole. */
    @Override
    public int insertAll(List<E> events, Instant now) {
        Map<String, Object> params = new HashMap<>();
        params.put("now", Timestamp.from(now));
        for (int i = 0; i < events.size(); i++) {
            int row = i;
            values(events.get(i)).forEach((column, value) -> params.put(column + row, value));
        }
        return jdbc.sql(insert(events.size())).params(params).update();
    }

    /**
     * Plain INSERT on the unique event id: a duplicate key means the event was applied.
     */
    @Override
    public EventOutcome insertOne(E event, Instant now) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("now", Timestamp.from(now));
        values(event).forEach((column, value) -> params.put(column + 0, value));
        try {
            jdbc.sql(insert(1)).params(params).update();
            return EventOutcome.APPLIED;
        }
        catch (DuplicateKeyException e) {
            return EventOutcome.ALREADY_APPLIED;
        }
    }

    private String insert(int rows) {
        StringJoiner tuple = new StringJoiner(", ", "(", ", :now)");
        columns.forEach((column) -> tuple.add(":" + column + "#"));
        return "INSERT INTO " + table + " (" + String.join(", ", columns) + ", created_at) VALUES "
                + MultiRowValues.of(rows, tuple.toString());
    }

}
