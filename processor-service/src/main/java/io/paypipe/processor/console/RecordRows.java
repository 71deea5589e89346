package io.paypipe.processor.console;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import org.springframework.core.convert.support.DefaultConversionService;
import org.springframework.jdbc.core.DataClassRowMapper;
import org.springframework.jdbc.core.RowMapper;

/**
 * Maps a row to a record by column names, with a DATETIME read as an {@link Instant} the
 * way the rest of the product reads it ({@code getTimestamp(...).toInstant()}: the JVM's
 * zone, in which the product writes them).
 */
final class RecordRows {

    private static final DefaultConversionService CONVERSIONS = new DefaultConversionService();

    static {
        CONVERSIONS.addConverter(LocalDateTime.class, Instant.class, (t) -> Timestamp.valueOf(t).toInstant());
    }

    private RecordRows() {
    }

    static <T> RowMapper<T> of(Class<T> type) {
        DataClassRowMapper<T> mapper = new DataClassRowMapper<>(type);
        mapper.setConversionService(CONVERSIONS);
        return mapper;
    }

}
