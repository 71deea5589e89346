package io.paypipe.bench.backlog;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * ONE physical connection that does all the measured work of a design, so that its
 * session counters are exactly that work: the retry statements, the business attempt and
 * the counter reads all go through it.
 */
final class PinnedConnection implements AutoCloseable {

    private final Connection connection;

    private final JdbcClient jdbc;

    private final BusinessAttempt business;

    private final SessionCounters counters;

    PinnedConnection(DataSource dataSource) {
        try {
            this.connection = dataSource.getConnection();
        }
        catch (SQLException e) {
            throw new IllegalStateException("no connection for the benchmark", e);
        }
        SingleConnectionDataSource single = new SingleConnectionDataSource(connection, true);
        this.jdbc = JdbcClient.create(single);
        this.business = new BusinessAttempt(single);
        this.counters = new SessionCounters(jdbc);
    }

    JdbcClient jdbc() {
        return jdbc;
    }

    BusinessAttempt business() {
        return business;
    }

    SessionCounters counters() {
        return counters;
    }

    @Override
    public void close() {
        try {
            connection.close();
        }
        catch (SQLException e) {
            throw new IllegalStateException("could not close the benchmark connection", e);
        }
    }

}
