package io.paypipe.refund.config;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Every transaction of refund-service is READ COMMITTED and starts by locking the order
 * row ({@code SELECT ... FOR UPDATE}): the order lock serializes everything that reads or
 * writes the refunds of its payments (a new refund and its guard, a status change and the
 * order's refund status computed from the sums), and each statement after it reads what
 * was committed before the lock was granted (REPEATABLE READ would read the snapshot of
 * the transaction's first read instead), without gap locks between orders.
 */
@Configuration(proxyBeanMethods = false)
class TransactionConfig {

    @Bean
    @Primary
    TransactionTemplate transactionTemplate(PlatformTransactionManager transactionManager) {
        TransactionTemplate template = new TransactionTemplate(transactionManager);
        template.setIsolationLevel(TransactionDefinition.ISOLATION_READ_COMMITTED);
        return template;
    }

}
