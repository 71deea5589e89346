package io.paypipe.ingress.rederive;

import io.paypipe.ingress.rederive.RederiveReport.Action;
import io.paypipe.ingress.rederive.RederiveReport.Row;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The walk every re-derive makes over its raw table, whichever it is: the rows of the
 * filter in batches by id ({@code ingress.rederive.batch-size}), each handed to the
 * table's own re-derive, up to {@code max-rows}; counts by action, the rows that are not
 * unchanged, and where to go on when it stopped at the limit.
 */
@Component
class RederivePages {

    private static final Logger log = LoggerFactory.getLogger(RederivePages.class);

    /** Up to {@code limit} rows of {@code filter} above {@code afterId}, by id. */
    @FunctionalInterface
    interface Page<T> {

        List<T> rows(RederiveFilter filter, long afterId, int limit);

    }

    /** One row re-derived (or, in a dry run, judged) under request {@code rederiveId}. */
    @FunctionalInterface
    interface One<T> {

        Row rederive(String rederiveId, T row);

    }

    private final RederiveProperties properties;

    RederivePages(RederiveProperties properties) {
        this.properties = properties;
    }

    <T> RederiveReport run(String table, Rederivation.Request request, Page<T> page, One<T> one) {
        String id = UUID.randomUUID().toString();
        Map<Action, Integer> counts = new EnumMap<>(Action.class);
        List<Row> listed = new ArrayList<>();
        long after = request.afterId();
        int scanned = 0;
        boolean more = true;
        while (more && scanned < properties.maxRows()) {
            int limit = Math.min(properties.batchSize(), properties.maxRows() - scanned);
            List<T> rows = page.rows(request.filter(), after, limit);
            for (T row : rows) {
                Row result = one.rederive(id, row);
                counts.merge(result.action(), 1, Integer::sum);
                if (result.action() != Action.UNCHANGED) {
                    listed.add(result);
                }
                after = result.rawId();
            }
            scanned += rows.size();
            more = rows.size() == limit;
        }
        Long next = more ? after : null;
        log.info("rederive {} of {} {} by={} filter={}: {} rows read {}{}", id, table,
                request.apply() ? "applied" : "dry run", request.by(), request.filter(), scanned, counts,
                next == null ? "" : ", more after id " + next);
        return new RederiveReport(id, table, !request.apply(), request.by(), scanned, counts, listed, next);
    }

}
